import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '#domain/paths';
import { site } from '../config/site';

type PageMetaProps = { page: RouteName | 'notFound'; children?: ReactNode };

/**
 * Title and meta description of a route, from translated keys.
 *
 * index.html carries one `<title>` and one `<meta name="description">` for fetches that run no
 * JavaScript. React 19 would add a second of each instead of replacing them,
 * and crawlers read the first, so these two are written into the existing tags. The Open Graph
 * tags exist only here and go through `<Helmet>`.
 */
export function PageMeta({ page, children }: PageMetaProps) {
  const { t, i18n } = useTranslation();
  const title = t(`meta.${page}.title`, { brand: site.brandName });
  const description = t(`meta.${page}.description`, { brand: site.brandName });

  useEffect(() => {
    document.title = title;
    describeDocument(description);
  }, [title, description]);

  return (
    <>
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:locale" content={i18n.language === 'my' ? 'my_MM' : 'en_GB'} />
      {children}
    </>
  );
}

/** Sets the one `<meta name="description">` of the page (made if index.html has none). */
function describeDocument(description: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = description;
}
