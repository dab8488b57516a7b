import { useEffect, useRef } from 'react';
import { useReducedMotion } from '../../hooks/use-reduced-motion';

type Star = { x: number; y: number; r: number; speed: number; phase: number };

/**
 * A quiet animated starfield behind every page; a still sky under prefers-reduced-motion (and
 * while the tab is hidden), following a change of the setting at once.
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
      for (const star of stars) {
        if (animate) {
          star.y -= star.speed;
          if (star.y < 0) star.y = window.innerHeight;
        }
        const twinkle = animate ? 0.6 + 0.4 * Math.sin(time / 900 + star.phase) : 0.8;
        context.globalAlpha = twinkle;
        context.fillStyle = '#e8ecff';
        context.beginPath();
        context.arc(star.x, star.y, star.r, 0, Math.PI * 2);
        context.fill();
      }
    };

    const loop = (time: number) => {
      draw(time, true);
      frame = requestAnimationFrame(loop);
    };

    const start = () => {
      cancelAnimationFrame(frame);
      if (still || document.hidden) draw(0, false);
      else frame = requestAnimationFrame(loop);
    };

    resize();
    start();
    const onResize = () => {
      resize();
      start();
    };
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', start);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', start);
    };
  }, [still]);

  return <canvas ref={canvasRef} className="starfield" aria-hidden="true" />;
}
