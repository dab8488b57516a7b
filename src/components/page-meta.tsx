import type { ReactNode } from 'react';
import { Helmet } from 'react-helmet-async';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '../config/paths';
import { site } from '../config/site';

type PageMetaProps = { page: RouteName | 'notFound'; children?: ReactNode };

/** Title and meta description of a route, from translated keys. */
export function PageMeta({ page, children }: PageMetaProps) {
  const { t, i18n } = useTranslation();
  const title = t(`meta.${page}.title`, { brand: site.brandName });
  const description = t(`meta.${page}.description`, { brand: site.brandName });
  return (
    <Helmet>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:locale" content={i18n.language === 'my' ? 'my_MM' : 'en_GB'} />
      {children}
    </Helmet>
  );
}
