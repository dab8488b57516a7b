import { useTranslation } from 'react-i18next';
import { useNow } from '../../../hooks/use-now';
import { burmeseDigits } from '#domain/digits';
import { toLanguage } from '../../../lib/i18n/languages';
import { formatElapsed } from '../lib/media-files';

/** "Time elapsed: m:ss" since `startedAt`, as a timer (not announced every second). */
export function ElapsedTime({ startedAt }: { startedAt: number }) {
  const { t, i18n } = useTranslation('media');
  const now = useNow(1000);
  return (
    <p role="timer" className="media-elapsed">
      {t('elapsed', {
        time:
          toLanguage(i18n.language) === 'my'
            ? burmeseDigits(formatElapsed((now - startedAt) / 1000))
            : formatElapsed((now - startedAt) / 1000),
      })}
    </p>
  );
}
