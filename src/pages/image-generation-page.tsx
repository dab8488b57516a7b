import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { DemoNote } from '../features/media/components/demo-note';
import { ImageGenerator } from '../features/media/components/image-generator';

export function ImageGenerationPage() {
  const { t } = useTranslation('media');
  return (
    <div className="page container media-page">
      <PageMeta page="imageGeneration" />
      <h1>{t('image.title')}</h1>
      <p className="lead">{t('image.lead')}</p>
      <DemoNote />
      <ImageGenerator />
    </div>
  );
}
