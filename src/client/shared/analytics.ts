import { useEffect, useRef, type RefObject } from 'react';
import type { AnalyticsEvent } from '../../contract/io/session';
import { ssoCookie } from './cookies';

/** Exposure tracking (docs/SPEC.md §9): an entry counts as seen when 60 % of it is visible, for any time. */
export const EXPOSURE_AREA_RATE = 0.6;
/** Events go out in batches: at most this many per call, after this quiet time. */
const BATCH_SIZE = 20;
const FLUSH_DELAY_MS = 1000;

type Sender = (events: AnalyticsEvent[]) => Promise<unknown>;

let sender: Sender | null = null;
let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** The app hands over how events reach the gateway's collector (blocLegal/analytics/collect). */
export function registerAnalyticsSender(fn: Sender | null) {
  sender = fn;
}

/** Sends what is queued now; a failure is dropped quietly (analytics never disturbs the user). */
export async function flushAnalytics(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) {
    const batch = queue.slice(0, BATCH_SIZE);
    queue = queue.slice(BATCH_SIZE);
    try {
      await sender?.(batch);
    } catch {
      // analytics failures are nobody's problem
    }
  }
}

/** The login flag of an event: 1 when the SSO cookie is present, else 2. */
function loginFlag(): 1 | 2 {
  return ssoCookie() ? 1 : 2;
}

function track(kind: AnalyticsEvent['kind'], page: string, target?: string) {
  try {
    queue.push({ kind, page, target, platform: 'PC', loginFlag: loginFlag() });
    if (queue.length >= BATCH_SIZE) void flushAnalytics();
    else if (!timer) timer = setTimeout(() => void flushAnalytics(), FLUSH_DELAY_MS);
  } catch {
    // never let analytics break a page
  }
}

/** Page registration: one event per page shown, platform PC, login flag from the SSO cookie. */
export function trackPage(page: string) {
  track('page', page);
}

export function trackClick(page: string, target: string) {
  track('click', page, target);
}

/**
 * Reports an exposure of `target` once, the first time at least 60 % of the element is visible.
 * Without IntersectionObserver (old browsers) nothing is reported.
 */
export function useExposure<T extends Element>(target: string, page: string): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    let seen = false;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!seen && entry.isIntersecting && entry.intersectionRatio >= EXPOSURE_AREA_RATE) {
            seen = true;
            track('exposure', page, target);
            observer.disconnect();
          }
        }
      },
      { threshold: EXPOSURE_AREA_RATE },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, page]);
  return ref;
}
