import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';

/** The stock promise as words: "2 hours", "90 minutes" (whole hours read as hours). */
export function usePromiseTime() {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  return (minutes: number) => {
    const hours = minutes % 60 === 0 ? minutes / 60 : null;
    const count = hours ?? minutes;
    const formatted = formatNumber(count, language);
    return hours === null
      ? t('availability.minutes', { count, formatted })
      : t('availability.hours', { count, formatted });
  };
}

type StockNoticeProps = { operatorName: string; promiseMinutes: number };

/** The contact step, for an operator with no eSIM in stock: what paying now means, in time. */
export function StockNotice({ operatorName, promiseMinutes }: StockNoticeProps) {
  const { t } = useTranslation('purchase');
  const promiseTime = usePromiseTime();
  return (
    <p className="alert alert--warning" data-testid="stock-notice">
      {t('availability.notice', { operator: operatorName, time: promiseTime(promiseMinutes) })}
    </p>
  );
}
