import { stillGlobe } from '../lib/still-globe-data';

/**
 * A still globe centred on Myanmar with the Yangon marker: shown until the 3D globe is ready, and
 * instead of it under reduced motion or without (hardware) WebGL. Drawn from precomputed paths.
 */
export function GlobeFallback({ markerLabel }: { markerLabel: string }) {
  const { size, radius, marker, graticule, land } = stillGlobe;
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
      <path d={graticule} fill="none" stroke="#94a3dc" strokeOpacity="0.2" strokeWidth="0.8" />
      <path d={land} stroke="#5eead4" strokeWidth="3.6" strokeLinecap="round" />
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
