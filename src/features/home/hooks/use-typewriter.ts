import { useEffect, type RefObject } from 'react';

/** Delay before typing starts, so the start-up overlay is gone before the first letter. */
const START_DELAY_MS = 550;
const PAUSE_BETWEEN_LINES_MS = 250;

/**
 * Where a Burmese syllable starts: a consonant or independent vowel that is not stacked under a
 * virama (U+1039) and not closed by an asat or virama; any other script starts a unit per letter.
 */
const unitStart =
  /(?<!\u1039)[\u1000-\u102A\u103F\u104A-\u104F](?![\u103A\u1039])|[^\u1000-\u109F]/gu;

/**
 * Splits text into the pieces it is typed in: letters, but whole syllables for Burmese, whose
 * stacked letters and vowel signs would look broken if shown one code point at a time.
 */
export function typingUnits(text: string): string[] {
  const starts = [...text.matchAll(unitStart)].map((match) => match.index);
  if (starts[0] !== 0) starts.unshift(0);
  return starts.map((start, i) => text.slice(start, starts[i + 1]));
}

type TypewriterOptions = {
  /** False leaves the targets alone (the caller then shows plain text). */
  enabled: boolean;
  /** Milliseconds per unit, one value per line. */
  speeds: readonly number[];
};

/**
 * Types `texts` one after another into the `targets` elements. The letters are written straight
 * into the page rather than through React state, so typing costs a text update per step and
 * never re-renders the page around it. Each target's `data-state` is waiting, typing or done
 * (the caret follows it in CSS). Restarts when the texts change, e.g. on a language switch.
 */
export function useTypewriter(
  targets: ReadonlyArray<RefObject<HTMLElement | null>>,
  texts: readonly string[],
  { enabled, speeds }: TypewriterOptions,
) {
  const key = texts.join('\u0000');
  useEffect(() => {
    if (!enabled) return;
    const lines = key.split('\u0000');
    const nodes = targets.map((target) => target.current);
    // The rest of each line, not typed yet, follows its letters (laid out, not painted), so the
    // typed copy wraps as the whole line does.
    const rests = nodes.map((node) =>
      node?.nextElementSibling instanceof HTMLElement ? node.nextElementSibling : null,
    );
    const units = lines.map((text) => typingUnits(text));
    nodes.forEach((node, index) => {
      if (!node) return;
      node.textContent = '';
      node.dataset.state = index === 0 ? 'typing' : 'waiting';
      const rest = rests[index];
      if (rest) rest.textContent = lines[index] ?? '';
    });

    let line = 0;
    let index = 0;
    let typed = '';
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const node = nodes[line];
      const lineUnits = units[line] ?? [];
      typed += lineUnits[index] ?? '';
      index += 1;
      if (node) node.textContent = typed;
      const rest = rests[line];
      if (rest) rest.textContent = (lines[line] ?? '').slice(typed.length);
      if (index < lineUnits.length) {
        timer = setTimeout(step, speeds[line] ?? 30);
        return;
      }
      if (node) node.dataset.state = 'done';
      line += 1;
      index = 0;
      typed = '';
      const next = nodes[line];
      if (line >= units.length || !next) return;
      next.dataset.state = 'typing';
      timer = setTimeout(step, PAUSE_BETWEEN_LINES_MS);
    };
    timer = setTimeout(step, START_DELAY_MS);

    return () => {
      clearTimeout(timer);
      nodes.forEach((node, i) => {
        if (!node) return;
        node.textContent = lines[i] ?? '';
        node.dataset.state = 'done';
        const rest = rests[i];
        if (rest) rest.textContent = '';
      });
    };
    // `key` stands for the texts; the targets are stable refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key, speeds]);
}
