import { useSyncExternalStore } from 'react';
import { STILL_GLOBE_MAP_ID } from '../lib/still-globe';
import { stillGlobe } from '../lib/still-globe-data';

/** The map's file in public/ (written with still-globe-data.ts), at the page's own folder. */
export const STILL_GLOBE_MAP_FILE = 'still-globe-map.svg';

/**
 * A still globe centred on Myanmar with the Yangon marker: shown until the 3D globe is ready, and
 * instead of it under reduced motion or without (hardware) WebGL. Its frame is drawn here; its map
 * (precomputed paths) comes from a file of its own once the app has started.
 */
export function GlobeFallback({ markerLabel }: { markerLabel: string }) {
  const { size, radius, marker, mapVersion } = stillGlobe;
  const started = useStarted();
  const centre = size / 2;
  return (
    <svg
      className="globe__still"
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <radialGradient id="globe-ocean" cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#1b2f74" />
          <stop offset="100%" stopColor="#0b1538" />
        </radialGradient>
        <radialGradient id="globe-glow" r="50%">
          <stop offset="84%" stopColor="#5eead4" stopOpacity="0.3" />
          <stop offset="100%" stopColor="#5eead4" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx={centre} cy={centre} r={radius + 22} fill="url(#globe-glow)" />
      <circle cx={centre} cy={centre} r={radius} fill="url(#globe-ocean)" />
      {started ? (
        <use href={`./${STILL_GLOBE_MAP_FILE}?v=${mapVersion}#${STILL_GLOBE_MAP_ID}`} />
      ) : null}
      <circle
        className="globe__pulse"
        cx={marker.x}
        cy={marker.y}
        r="9"
        fill="none"
        stroke="#ffd76a"
        strokeWidth="2"
      />
      <circle cx={marker.x} cy={marker.y} r="6" fill="#f6c344" stroke="#1a1300" strokeWidth="1.5" />
      <text x={marker.x + 12} y={marker.y - 10} className="globe__label">
        {markerLabel}
      </text>
    </svg>
  );
}

const noSubscription = () => () => {};

/**
 * Whether the app has started: false in the pre-rendered HTML and while React hydrates it, true
 * from the render after. The map is then requested with the app, never before the page's first
 * paint (a request before it would delay it on a slow connection, issue #42 point 5).
 */
function useStarted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
