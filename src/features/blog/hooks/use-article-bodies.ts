import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../lib/i18n/languages';
import type { ArticleBodies, LoadArticleBodies } from '../lib/article-bodies';

export type ArticleBodiesState =
  { status: 'loading' } | { status: 'ready'; bodies: ArticleBodies } | { status: 'error' };

type Settled = {
  language: Language;
  load: LoadArticleBodies;
  attempt: number;
  state: Exclude<ArticleBodiesState, { status: 'loading' }>;
};

/**
 * The articles of the UI language, loaded in the background from the first commit on (the list
 * is drawn by then): loading, then ready or error; `retry` loads them again. A new language or
 * attempt is loading until its own answer comes (derived, not reset in an effect).
 */
export function useArticleBodies(language: Language, load: LoadArticleBodies) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    let current = true;
    const settle = (state: Settled['state']) => {
      if (current) setSettled({ language, load, attempt, state });
    };
    load(language).then(
      (bodies) => settle({ status: 'ready', bodies }),
      (error: unknown) => {
        console.info('Blog articles could not be loaded', error);
        settle({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [language, load, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const state: ArticleBodiesState =
    settled?.language === language && settled.load === load && settled.attempt === attempt
      ? settled.state
      : { status: 'loading' };
  return { state, retry };
}
