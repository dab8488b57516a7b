import { useTranslation } from 'react-i18next';
import { useServices } from '../../../lib/services';

/** Says plainly, in demo mode, that the media are drawn locally rather than by the model. */
export function DemoNote() {
  const { t } = useTranslation('media');
  if (useServices().ai.mode !== 'demo') return null;
  return <p className="alert alert--warning media-demo-note">{t('demoNote')}</p>;
}
