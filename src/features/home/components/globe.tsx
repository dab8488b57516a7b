import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { afterInteractive } from '../../../lib/after-interactive';
import { hasHardwareWebGL, storedGlobeMode } from '../lib/webgl-support';
import { GlobeFallback } from './globe-fallback';

/**
 * The home page globe. A still SVG globe renders with the page; once the page is loaded and idle,
 * three.js is downloaded and a slowly turning 3D globe takes its place, drawn in a worker where
 * the browser allows (lib/mount-globe.ts). Under reduced motion, without hardware-accelerated
 * WebGL, or on a device too slow to draw it smoothly, the still globe stays.
 */
export function Globe() {
  const { t } = useTranslation('home');
  const reducedMotion = useReducedMotion();
  const stage = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    const host = stage.current;
    if (reducedMotion || !host) return;
    let disposed = false;
    let stop: (() => void) | undefined;

    const mode = storedGlobeMode();
    if (mode === 'still') return;
    const start = async () => {
      if (mode !== '3d' && !(await hasHardwareWebGL())) return;
      if (disposed) return;
      const { mountGlobe } = await import('../lib/mount-globe');
      if (disposed) return;
      const dispose = await mountGlobe(host, {
        judgeSpeed: mode !== '3d',
        onReady: () => !disposed && setLive(true),
        onLost: () => !disposed && setLive(false),
      });
      if (disposed) dispose();
      else stop = dispose;
    };
    const cancel = afterInteractive(() => {
      start().catch((error: unknown) => {
        // SPEC §8: a missing 3D library is logged only; the still globe stays.
        console.info('The 3D globe could not start; showing the still globe.', error);
      });
    });

    return () => {
      disposed = true;
      cancel();
      stop?.();
      setLive(false);
    };
  }, [reducedMotion]);

  return (
    <figure className="globe">
      <div
        ref={stage}
        className="globe__stage"
        data-live={live || undefined}
        role="img"
        aria-label={t('globe.label')}
      >
        <GlobeFallback markerLabel={t('globe.marker')} />
      </div>
      <figcaption className="globe__caption">{t('globe.caption')}</figcaption>
    </figure>
  );
}
