import { useEffect, useRef, type RefObject } from 'react';
import type { AnalyticsEvent } from '@contract/io/session';
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

/** What each watched element reports when it is first seen enough. */
const watched = new WeakMap<Element, () => void>();
let observer: { of: typeof IntersectionObserver; it: IntersectionObserver } | null = null;

/**
 * One IntersectionObserver for every exposure on the page (a menu has dozens of entries: one
 * observer each was dozens to build again on every navigation).
 */
function exposureObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  if (observer?.of !== IntersectionObserver) {
    const it = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= EXPOSURE_AREA_RATE) watched.get(entry.target)?.();
        }
      },
      { threshold: EXPOSURE_AREA_RATE },
    );
    observer = { of: IntersectionObserver, it };
  }
  return observer.it;
}

/**
 * Reports an exposure of `target` on `page` once, the first time at least 60 % of the element is
 * visible. Without IntersectionObserver (old browsers) nothing is reported.
 */
export function useExposure<T extends Element>(target: string, page: string): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const element = ref.current;
    const shared = exposureObserver();
    if (!element || !shared) return undefined;
    watched.set(element, () => {
      watched.delete(element);
      shared.unobserve(element);
      track('exposure', page, target);
    });
    shared.observe(element);
    return () => {
      watched.delete(element);
      shared.unobserve(element);
    };
  }, [target, page]);
  return ref;
}
