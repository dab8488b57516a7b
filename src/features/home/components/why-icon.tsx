/** Line icons of the why-choose-us cards (24 × 24, drawn with the text colour). */
const paths = {
  connectivity: 'M4 20v-3M9 20v-7M14 20V9M19 20V4',
  numbers: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM12 9v4l2.5 2M9 2h6',
  payment: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 19h2M19 14h1',
  performance: 'M13 2 4 14h7l-1 8 9-12h-7l1-8z',
  security: 'M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3M12 15v2',
  support: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
} as const;

export type WhyIconName = keyof typeof paths;

export function WhyIcon({ name }: { name: WhyIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
