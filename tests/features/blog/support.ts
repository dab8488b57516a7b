import type {
  ArticleBodies,
  LoadArticleBodies,
} from '../../../src/features/blog/lib/article-bodies';
import type { Language } from '../../../src/lib/i18n/languages';

type Call = {
  language: Language;
  /** How many post cards were on the page when the load began. */
  cardsOnPage: number;
  resolve: (bodies: ArticleBodies) => void;
  reject: (error: Error) => void;
};

/** A stand-in for the articles' chunk that answers only when the test says so. */
export function heldArticles() {
  const calls: Call[] = [];
  const load: LoadArticleBodies = (language) =>
    new Promise((resolve, reject) => {
      const cardsOnPage = document.querySelectorAll('article').length;
      calls.push({ language, cardsOnPage, resolve, reject });
    });
  return { load, calls };
}
