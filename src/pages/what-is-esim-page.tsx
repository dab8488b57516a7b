import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta';
import { EsimExplainer } from '../features/guides/components/esim-explainer';

export function WhatIsEsimPage() {
  const { t } = useTranslation('guide');
  return (
    <div className="page container">
      <PageMeta page="whatIsEsim" />
      <h1>{t('whatIsEsim.title')}</h1>
      <p className="lead">{t('whatIsEsim.lead')}</p>
      <EsimExplainer />
    </div>
  );
}
