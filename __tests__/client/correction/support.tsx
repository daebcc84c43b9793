/**
 * Page-test support for corrections: the cashier's buttons, calls with the page's session, and the
 * page's buttons read from the DOM. Policies with rosters come from the shared factories
 * (__tests__/support/factories.ts; the demo seed of corp-hr's group policies lives on the policy branch).
 */
import { waitFor } from '@testing-library/react';
import type { ClientGateway } from '../support/portal';

export { idNumber, makePolicy, newPerson } from '@tests/support/factories';
export type { TestPolicy as ClientPolicy } from '@tests/support/factories';

/** The cashier's buttons, as a person in the cashier tab would press them. */
export async function cashier(gw: ClientGateway, payUrl: string, action: 'pay' | 'fail') {
  const res = await fetch(`${gw.url}${payUrl}/${action}`, { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`cashier ${action} answered ${res.status}`);
}

/** Calls the gateway as the portal would, with the test's session (the page tests' cookie jar). */
export async function call<T = unknown>(
  gw: ClientGateway,
  name: string,
  values: Record<string, string | number>,
): Promise<T> {
  const body = new URLSearchParams({
    channelType: '1',
    ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
  });
  const res = await fetch(`${gw.url}/gateway/${name}`, {
    method: 'POST',
    body: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const json = (await res.json()) as { status: string; statusText: string; data: T };
  if (json.status !== 'SUC_0001') throw new Error(`${name}: ${json.statusText}`);
  return json.data;
}

export const key = () => `t${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/**
 * The page's enabled buttons by their text (or aria-label). Read from the DOM directly: role queries
 * compute the accessibility tree of the whole page and cost most of a path's time in jsdom.
 */
export function buttonsNamed(name: string): HTMLButtonElement[] {
  return Array.from(document.querySelectorAll('button')).filter(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name && !b.disabled,
  );
}

/** Waits for an enabled button to appear (as long as any other wait of the page tests). */
export function buttonAppears(name: string): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const found = buttonsNamed(name);
    if (!found.length) throw new Error(`no enabled button "${name}" on the page`);
    return found[0];
  });
}
