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
 * hold the final size so nothing below moves); the typed copy is drawn on top of it.
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
        </span>
      </span>
    </>
  );
}
