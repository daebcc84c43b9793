import { useEffect, useState } from 'react';
import type { FirstAnswers } from '@contract/portalConfig';

type PageAnswers = NonNullable<FirstAnswers['page']>;

/** The first page's answers index.html carried (contract/portalConfig.ts FirstAnswers.page). */
let answers: PageAnswers = {};

/** Keeps the first page's answers for the page (app/store.ts takeFirstAnswers). */
export function keepPageAnswers(first: PageAnswers | undefined): void {
  answers = { ...first };
}

/**
 * A call's answer as the page shows it: its own once it has one, before that the one index.html
 * carried. That one serves the first page drawn and nothing after it: it is taken when the page is
 * first drawn, and a later visit (the roster may have changed since) waits for its own call.
 */
export function usePageAnswer<K extends keyof PageAnswers>(
  key: K,
  own: PageAnswers[K] | undefined,
): PageAnswers[K] | undefined {
  const [carried] = useState(() => answers[key]);
  useEffect(() => {
    delete answers[key];
  }, [key]);
  return own ?? carried;
}
