import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { videoTiming, type VideoProgress } from '../../../lib/ai/video';
import { useFocusOnArrival } from '../../../hooks/use-focus-on-arrival';
import { useNow } from '../../../hooks/use-now';
import { formatNumber } from '../../../lib/i18n/format';
import { ElapsedTime } from './elapsed-time';

/** Loading messages change every 5 s (SPEC §9). */
export const MESSAGE_ROTATION_MS = 5000;

type VideoProgressScreenProps = {
  startedAt: number;
  progress: VideoProgress;
  onCancel: () => void;
};

/** While a video is made: rotating messages, the current stage, the time so far and Cancel. */
export function VideoProgressScreen({ startedAt, progress, onCancel }: VideoProgressScreenProps) {
  const { t, i18n } = useTranslation('media');
  const headingId = useId();
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  // The message follows the time since the start (right after the tab sleeps, too).
  const now = useNow(1000);
  const shown = Math.floor(Math.max(0, now - startedAt) / MESSAGE_ROTATION_MS);
  const messages = t('video.messages', { returnObjects: true });

  const stage =
    progress.stage === 'waiting'
      ? t('video.stage.waiting', { checks: formatNumber(progress.checks, i18n.language) })
      : t(`video.stage.${progress.stage}`);

  return (
    <section className="card media-progress" aria-labelledby={headingId} aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('video.loadingTitle')}
      </h2>
      <p className="media-progress__message" data-testid="video-loading-message">
        {messages[shown % messages.length]}
      </p>
      <div className="media-progress__bar" aria-hidden="true">
        <span />
      </div>
      <p role="status" className="media-progress__stage">
        {stage}
      </p>
      <ElapsedTime startedAt={startedAt} />
      <p className="muted">
        {t('video.maxWait', {
          minutes: formatNumber(Math.round(videoTiming.maxWaitMs / 60_000), i18n.language),
        })}
      </p>
      <button type="button" className="button" onClick={onCancel}>
        {t('video.cancel')}
      </button>
    </section>
  );
}
