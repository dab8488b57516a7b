import { PageMeta } from '../components/page-meta';
import { Hero } from '../features/home/components/hero';
import { WhyChooseUs } from '../features/home/components/why-choose-us';

export function HomePage() {
  return (
    <div className="page container home">
      <PageMeta page="home" />
      <Hero />
      <WhyChooseUs />
    </div>
  );
}
