import { useEffect } from 'react';
import type { FirstAnswers } from '@contract/portalConfig';

type PageAnswers = NonNullable<FirstAnswers['page']>;

/** The first page's answers index.html carried (contract/portalConfig.ts FirstAnswers.page). */
let answers: PageAnswers = {};

/** Keeps the first page's answers until the page's own calls answer (app/store.ts takeFirstAnswers). */
export function keepPageAnswers(first: PageAnswers | undefined): void {
  answers = { ...first };
}

/**
 * A call's answer as the page shows it: its own once it has one, before that the one index.html
 * carried, which is then forgotten (a later visit waits for its call as usual).
 */
export function usePageAnswer<K extends keyof PageAnswers>(
  key: K,
  own: PageAnswers[K] | undefined,
): PageAnswers[K] | undefined {
  useEffect(() => {
    if (own !== undefined) delete answers[key];
  }, [key, own]);
  return own ?? answers[key];
}
