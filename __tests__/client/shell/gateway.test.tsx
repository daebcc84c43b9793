/**
 * The shell's calls against a real gateway (in-process, on a loopback port): the login check, a
 * business refusal, encryption of sensitive values end to end, and analytics reaching the collector.
 */
import { screen, waitFor } from '@testing-library/react';
import { sessionApi } from '@client/features/session/api';
import { createStore } from '@client/app/store';
import { request } from '@client/api/request';
import { encryptValue } from '@client/shared/encrypt';
import {
  flushAnalytics,
  registerAnalyticsSender,
  trackClick,
  trackPage,
  EXPOSURE_AREA_RATE,
} from '@client/shared/analytics';
import { renderPortal, startClientGateway, type ClientGateway } from '../support/portal';
import { probeApi, recorders } from '../support/probe';

let gw: ClientGateway;
const rec = recorders();
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(() => gw.close());
beforeEach(() => rec.clear());
afterEach(() => gw.forget());

describe('against the real gateway', () => {
  it('sends a visitor without a session to the login page, coming back to where they were (ERR_1004)', async () => {
    await renderPortal('/legal/index');
    await waitFor(() => expect(rec.left).toHaveLength(1));
    const target = new URL(rec.left[0], 'http://portal');
    expect(target.pathname).toBe('/idprovider/login');
    expect(target.searchParams.get('redirect')).toBe('/legal/index');
    expect(target.searchParams.get('flag')).toBeNull();
  });

  it('sends a visitor on a corporate page (#flag=legal) to the corporate login', async () => {
    await renderPortal('/legal/myPolicy#flag=legal');
    await waitFor(() => expect(rec.left).toHaveLength(1));
    expect(new URL(rec.left[0], 'http://portal').searchParams.get('flag')).toBe('legal');
  });

  it("shows the gateway's own sentence for a refused call (ERR_0003), form-encoded with channelType", async () => {
    await gw.login('member-senior');
    const { store } = createStore();
    const ok = await store.dispatch(probeApi.endpoints.probe.initiate(request('blocLegal/common/getAreaInfo', {})));
    expect(Array.isArray((ok as { data: unknown }).data)).toBe(true);
    await store.dispatch(
      probeApi.endpoints.probe.initiate(request('blocLegal/common/getAreaInfo', { parentCode: 'abc' })),
    );
    await waitFor(() =>
      expect(rec.toasts).toEqual([{ level: 'error', content: 'Province code must be six digits.', duration: 2 }]),
    );
  });
});

describe('encryption of sensitive values', () => {
  it('encrypts in the portal (AES under a random key wrapped with RSA-OAEP) and only the gateway reads it', async () => {
    const { store } = createStore();
    const key = await store.dispatch(sessionApi.endpoints.getPublicKey.initiate()).unwrap();
    expect(key.publicKey).toMatch(/BEGIN PUBLIC KEY/);
    const secret = '11010519491231002X';
    const a = await encryptValue(secret, key);
    const b = await encryptValue(secret, key);
    expect(a).toMatch(new RegExp(`^enc1:${key.keyId}(:[A-Za-z0-9+/=]+){4}$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(await gw.app.services.crypto.reveal(a)).toBe(secret);
    expect(await gw.app.services.crypto.reveal(b)).toBe(secret);
    expect(await gw.app.services.crypto.reveal(await encryptValue('中文 13816620418', key))).toBe('中文 13816620418');
    const [, , wrapped, iv, body, mac] = a.split(':');
    // Any altered part is refused before decryption (encrypt-then-MAC), never read as garbage: every
    // last ciphertext block, a flipped iv bit, a mac of another value, a missing mac.
    const flip = (b64: string, at: number) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[at] ^= 1;
      return bytes.toString('base64');
    };
    const bodyBytes = Buffer.from(body, 'base64').length;
    for (let at = bodyBytes - 16; at < bodyBytes; at += 1) {
      await expect(
        gw.app.services.crypto.reveal(`enc1:${key.keyId}:${wrapped}:${iv}:${flip(body, at)}:${mac}`),
      ).rejects.toThrow(/damaged/);
    }
    await expect(
      gw.app.services.crypto.reveal(`enc1:${key.keyId}:${wrapped}:${flip(iv, 0)}:${body}:${mac}`),
    ).rejects.toThrow(/damaged/);
    await expect(
      gw.app.services.crypto.reveal(`enc1:${key.keyId}:${wrapped}:${iv}:${body}:${b.split(':')[6]}`),
    ).rejects.toThrow(/damaged/);
    await expect(gw.app.services.crypto.reveal(`enc1:${key.keyId}:${wrapped}:${iv}:${body}`)).rejects.toThrow(
      /damaged/,
    );
    await expect(
      gw.app.services.crypto.reveal(`enc1:ffffffffffffffff:${wrapped}:${iv}:${body}:${mac}`),
    ).rejects.toThrow(/unknown key/);
  });
});

describe('analytics', () => {
  const stored = () => gw.app.services.db.selectFrom('analytics_event').selectAll().orderBy('id').execute();

  it('registers pages (platform PC, login flag from the SSO cookie) and clicks in batches on the collector', async () => {
    await gw.login('member-senior');
    const { store } = createStore();
    registerAnalyticsSender((events) =>
      store.dispatch(sessionApi.endpoints.collectAnalytics.initiate({ events })).unwrap(),
    );
    await gw.app.services.db.deleteFrom('analytics_event').execute();
    trackPage('/index');
    trackClick('/index', '/mypolicy/policyList');
    await flushAnalytics();
    const rows = await stored();
    expect(rows.map((r) => [r.kind, r.page, r.target, r.platform, r.login_flag])).toEqual([
      ['page', '/index', null, 'PC', 1],
      ['click', '/index', '/mypolicy/policyList', 'PC', 1],
    ]);
    expect(rows[0].user_id).not.toBeNull();

    gw.forget();
    trackPage('/index');
    await flushAnalytics();
    expect((await stored()).at(-1)).toMatchObject({ kind: 'page', login_flag: 2 });
  });

  it('never disturbs the user when the collector fails', async () => {
    registerAnalyticsSender(async () => {
      throw new Error('collector down');
    });
    trackPage('/index');
    await expect(flushAnalytics()).resolves.toBeUndefined();
    expect(rec.toasts).toEqual([]);
  });

  it('reports the exposure of menu entries seen 60 % (stay 0) once, from the rendered portal', async () => {
    const observed: { threshold: unknown; callback: IntersectionObserverCallback; elements: Element[] }[] = [];
    class FakeObserver {
      elements: Element[] = [];
      constructor(
        public callback: IntersectionObserverCallback,
        options: IntersectionObserverInit,
      ) {
        observed.push({ threshold: options.threshold, callback, elements: this.elements });
      }
      observe(e: Element) {
        this.elements.push(e);
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
    await gw.login('member-senior');
    await gw.app.services.db.deleteFrom('analytics_event').execute();
    await renderPortal('/legal/index');
    await screen.findByTestId('personal-home');
    await waitFor(() => expect(observed.some((o) => o.elements.some((e) => e.textContent === 'My claims'))).toBe(true));
    expect(new Set(observed.map((o) => o.threshold))).toEqual(new Set([EXPOSURE_AREA_RATE]));
    const claims = observed.find((o) => o.elements.some((e) => e.textContent === 'My claims'))!;
    const myClaims = claims.elements.find((e) => e.textContent === 'My claims')!;
    const entry = (ratio: number) =>
      [
        { isIntersecting: ratio > 0, intersectionRatio: ratio, target: myClaims },
      ] as unknown as IntersectionObserverEntry[];
    claims.callback(entry(0.3), {} as IntersectionObserver);
    claims.callback(entry(0.6), {} as IntersectionObserver);
    claims.callback(entry(1), {} as IntersectionObserver);
    await flushAnalytics();
    await waitFor(async () => {
      const rows = await stored();
      expect(rows.filter((r) => r.kind === 'exposure').map((r) => r.target)).toEqual(['/myclaims/claimList']);
      expect(rows.filter((r) => r.kind === 'page').map((r) => r.page)).toContain('/index');
    });
    delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
});
