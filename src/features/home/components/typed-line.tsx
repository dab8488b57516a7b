import type { RefObject } from 'react';

type TypedLineProps = {
  /** The whole text: what assistive technology reads, and what reserves the space. */
  text: string;
  /** False renders the plain text (e.g. under prefers-reduced-motion). */
  animated: boolean;
  /** Where useTypewriter writes the letters typed so far. */
  typedRef: RefObject<HTMLSpanElement | null>;
};

/**
 * One line of the typing effect. The full text is always in the page (for screen readers, and to
 * hold the final size so nothing below moves) and is shown as it is until the typing starts: the
 * pre-rendered page paints the whole line at once (decision 046). The typed copy is then drawn on
 * top of it (the line dims meanwhile), followed by the rest of the line, laid out but not painted,
 * so that the typed copy wraps as the whole line does.
 */
export function TypedLine({ text, animated, typedRef }: TypedLineProps) {
  if (!animated) return <>{text}</>;
  return (
    <>
      <span className="visually-hidden">{text}</span>
      <span className="typed" aria-hidden="true">
        <span className="typed__ghost">{text}</span>
        <span className="typed__text">
          <span className="typed__letters" ref={typedRef} />
          <span className="typed__rest" />
        </span>
      </span>
    </>
  );
}
