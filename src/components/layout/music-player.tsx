import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MusicIcon, MuteIcon, PauseIcon, VolumeIcon } from '../ui/icons';
import { floatingProps, useFloatingGiveWay } from './floating-give-way';
import './music-player.css';

/** Background music, bottom-left: play/pause, and mute only while playing. The loop is made on first play. */
export function MusicPlayer() {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const away = useFloatingGiveWay();

  useEffect(
    () => () => {
      const element = audio.current;
      if (!element) return;
      element.pause();
      URL.revokeObjectURL(element.src);
    },
    [],
  );

  async function toggle() {
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    try {
      if (!audio.current) {
        const { renderLoopWav } = await import('./synth-loop');
        const element = new Audio(URL.createObjectURL(renderLoopWav()));
        element.loop = true;
        element.volume = 0.5;
        audio.current = element;
      }
      audio.current.muted = muted;
      await audio.current.play();
      setPlaying(true);
    } catch (error) {
      console.info('Background music could not play', error);
      setPlaying(false);
    }
  }

  function toggleMute() {
    const next = !muted;
    setMuted(next);
    if (audio.current) audio.current.muted = next;
  }

  return (
    <div {...floatingProps(away, 'music-player')}>
      <button
        type="button"
        className="fab fab--small"
        aria-pressed={playing}
        aria-label={playing ? t('music.pause') : t('music.play')}
        onClick={() => void toggle()}
      >
        {playing ? <PauseIcon size={18} /> : <MusicIcon size={18} />}
      </button>
      {playing && (
        <button
          type="button"
          className="fab fab--small"
          aria-pressed={muted}
          aria-label={muted ? t('music.unmute') : t('music.mute')}
          onClick={toggleMute}
        >
          {muted ? <MuteIcon size={18} /> : <VolumeIcon size={18} />}
        </button>
      )}
    </div>
  );
}
