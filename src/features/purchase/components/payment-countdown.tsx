import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  crossedAnnouncement,
  formatCountdown,
  openingAnnouncement,
  secondsLeft,
  type Announcement,
} from '../lib/countdown';
import { formatNumber } from '../../../lib/i18n/format';
import { toLanguage } from '../../../lib/i18n/languages';
import { useNow } from '../../../hooks/use-now';
import './purchase-tile.css';
import './payment-countdown.css';

type PaymentCountdownProps = { expiresAt: number };

/**
 * The time left to pay in mm:ss, computed from the absolute expiry; a display only (the flow
 * expires the order, see use-purchase-flow.ts). Screen readers hear it when the step opens and
 * at 5, 2 and 1 minutes and 30 seconds, not every second.
 */
export function PaymentCountdown({ expiresAt }: PaymentCountdownProps) {
  const { t, i18n } = useTranslation('purchase');
  const language = toLanguage(i18n.language);
  const now = useNow(1000);
  const left = secondsLeft(expiresAt, now);
  const labelId = useId();
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const previous = useRef<number | null>(null);

  useEffect(() => {
    if (left === 0) return;
    const before = previous.current;
    previous.current = left;
    const next = before === null ? openingAnnouncement(left) : crossedAnnouncement(before, left);
    if (next) setAnnouncement(next);
  }, [left]);

  const spoken =
    announcement &&
    (announcement.unit === 'minutes'
      ? t('payment.timerAnnounceMinutes', {
          count: announcement.count,
          number: formatNumber(announcement.count, language),
        })
      : t('payment.timerAnnounceSeconds', {
          count: announcement.count,
          number: formatNumber(announcement.count, language),
        }));

  return (
    <div
      className={`purchase-tile purchase-countdown${left <= 60 ? ' purchase-countdown--low' : ''}`}
    >
      <span id={labelId} className="purchase-tile__label">
        {t('payment.timeLeft')}
      </span>
      <span
        role="timer"
        aria-labelledby={labelId}
        className="purchase-tile__value purchase-countdown__time"
      >
        {formatCountdown(left, language)}
      </span>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken}
      </span>
    </div>
  );
}
