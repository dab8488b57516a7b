import { useTranslation } from 'react-i18next';
import type { GeneratedVideoView } from '../hooks/use-video-generation';
import { MediaResult } from './media-result';

/**
 * A WebM recorded by MediaRecorder (the demo's) carries no duration, so the player shows 0:00;
 * seeking far past the end makes the browser compute it, then we go back to the start.
 */
function settleUnknownDuration(player: HTMLVideoElement) {
  if (Number.isFinite(player.duration)) return;
  const onChange = () => {
    if (!Number.isFinite(player.duration)) return;
    player.removeEventListener('durationchange', onChange);
    player.currentTime = 0;
  };
  player.addEventListener('durationchange', onChange);
  player.currentTime = Number.MAX_SAFE_INTEGER;
}

type VideoResultProps = { video: GeneratedVideoView; onStartOver: () => void };

/** The finished video: a player, a download button and Start over. */
export function VideoResult({ video, onStartOver }: VideoResultProps) {
  const { t } = useTranslation('media');

  return (
    <MediaResult title={t('video.resultTitle')}>
      <video
        className="media-video"
        src={video.url}
        controls
        playsInline
        preload="metadata"
        onLoadedMetadata={(event) => settleUnknownDuration(event.currentTarget)}
        aria-label={t('video.playerLabel', { prompt: video.prompt })}
      />
      <p className="media-label">{t('video.yourPrompt')}</p>
      <p className="media-prompt-text">{video.prompt}</p>
      <div className="button-row">
        <a className="button button--primary" href={video.url} download={video.fileName}>
          {t('video.download')}
        </a>
        <button type="button" className="button" onClick={onStartOver}>
          {t('video.startOver')}
        </button>
      </div>
    </MediaResult>
  );
}
