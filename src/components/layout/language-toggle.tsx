import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n/i18n';
import './language-toggle.css';

/** Switches between English and Burmese; the choice is remembered on this device. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'my' ? 'en' : 'my';
  return (
    <button type="button" className="language-toggle" onClick={() => void changeLanguage(next)}>
      <span className="visually-hidden">{t('language.switchLabel')}: </span>
      <span lang={next}>{t('language.switchTo')}</span>
    </button>
  );
}
