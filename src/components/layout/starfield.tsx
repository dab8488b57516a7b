import { useEffect, useRef } from 'react';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { afterInteractive } from '../../lib/after-interactive';

type Star = { x: number; y: number; r: number; speed: number; phase: number };

/** Stars drift slowly: 30 frames a second are plenty, and cost half of 60. */
const FRAME_MS = 1000 / 30;
/** Twinkle is drawn in a few brightness steps, one path each, instead of one fill per star. */
const BRIGHTNESS_STEPS = 5;

/**
 * A quiet animated starfield behind every page; a still sky under prefers-reduced-motion (and
 * while the tab is hidden), following a change of the setting at once. The sky is drawn still at
 * once and starts to move only when the page has loaded and is idle, so that decoration never
 * competes with the first paint.
 */
export function Starfield() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const still = useReducedMotion();

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let stars: Star[] = [];
    let frame = 0;
    let lastDrawn = -Infinity;
    let ready = false;

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = window.innerWidth * ratio;
      canvas.height = window.innerHeight * ratio;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const count = Math.round((window.innerWidth * window.innerHeight) / 9000);
      stars = Array.from({ length: Math.min(count, 220) }, () => ({
        x: Math.random() * window.innerWidth,
        y: Math.random() * window.innerHeight,
        r: Math.random() * 1.3 + 0.2,
        speed: Math.random() * 0.15 + 0.03,
        phase: Math.random() * Math.PI * 2,
      }));
    };

    const draw = (time: number, animate: boolean) => {
      context.clearRect(0, 0, window.innerWidth, window.innerHeight);
      context.fillStyle = '#e8ecff';
      const steps: Star[][] = Array.from({ length: BRIGHTNESS_STEPS }, () => []);
      for (const star of stars) {
        if (animate) {
          star.y -= star.speed * 2;
          if (star.y < 0) star.y = window.innerHeight;
        }
        const twinkle = animate ? 0.5 + 0.5 * Math.sin(time / 900 + star.phase) : 0.5;
        steps[Math.min(BRIGHTNESS_STEPS - 1, Math.floor(twinkle * BRIGHTNESS_STEPS))]!.push(star);
      }
      steps.forEach((group, step) => {
        if (group.length === 0) return;
        context.globalAlpha = 0.6 + (0.4 * (step + 0.5)) / BRIGHTNESS_STEPS;
        context.beginPath();
        for (const star of group) {
          context.moveTo(star.x + star.r, star.y);
          context.arc(star.x, star.y, star.r, 0, Math.PI * 2);
        }
        context.fill();
      });
    };

    const loop = (time: number) => {
      if (time - lastDrawn >= FRAME_MS) {
        lastDrawn = time;
        draw(time, true);
      }
      frame = requestAnimationFrame(loop);
    };

    const start = () => {
      cancelAnimationFrame(frame);
      if (still || document.hidden || !ready) draw(0, false);
      else frame = requestAnimationFrame(loop);
    };

    resize();
    start();
    const cancelStart = still
      ? () => {}
      : afterInteractive(() => {
          ready = true;
          start();
        });
    const onResize = () => {
      resize();
      start();
    };
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', start);
    return () => {
      cancelStart();
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', start);
    };
  }, [still]);

  return <canvas ref={canvasRef} className="starfield" aria-hidden="true" />;
}
