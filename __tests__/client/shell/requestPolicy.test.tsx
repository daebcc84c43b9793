/**
 * The request policy (docs/SPEC.md §3, §8, §9) row by row, against a small local HTTP server that can
 * answer any status, hold a call or drop the connection.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from '@client/app/App';
import { Provider } from 'react-redux';
import { createStore, type AppStore } from '@client/app/store';
import { LoadingOverlay, OVERLAY_DELAY_MS } from '@client/app/LoadingOverlay';
import { request, type GatewayArgs } from '@client/api/request';
import { registerUploadFetch } from '@client/api/uploadProgress';
import { calls, timeoutOf, type CallName } from '@contract/calls';
import { requestFinished, requestStarted, setLocale } from '@client/state/ui';
import { loadConfig } from '@server/config';
import { envelope, ok, startStubServer, type StubServer } from '../support/stubServer';
import { probeApi, recorders } from '../support/probe';

let server: StubServer;
let store: AppStore;
const rec = recorders();
const portal = loadConfig({}).portal;

beforeAll(async () => {
  server = await startStubServer();
  // jsdom's XMLHttpRequest refuses another origin: uploads go through the test's fetch, as in the page tests.
  registerUploadFetch((input, init) => fetch(input, init));
});
afterAll(() => server.close());
beforeEach(() => {
  window.__PORTAL_CONFIG__ = { ...portal, gatewayPrefix: `${server.url}/gateway`, links: { ...portal.links } };
  window.history.pushState({}, '', '/legal/index');
  window.localStorage.clear();
  store = createStore().store;
  rec.clear();
  server.seen.length = 0;
});

/** Runs a call through the store (so the central error handler sees it); answers whether it failed. */
async function run(args: GatewayArgs) {
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(args));
  await new Promise((r) => setTimeout(r, 0));
  return result;
}
const last = () => server.seen[server.seen.length - 1];

describe('channelType and encodings', () => {
  it('sends channelType=1 as a query parameter of every GET', async () => {
    server.answer('/gateway/blocLegal/login/getLoginInfo', ok({}));
    await run(request('blocLegal/login/getLoginInfo'));
    expect(last().method).toBe('GET');
    expect(new URL(last().url, server.url).searchParams.get('channelType')).toBe('1');
    expect(last().body).toBe('');
  });

  it('sends channelType=1 in every form-urlencoded POST body, whatever the page passed', async () => {
    // Built by hand: a page cannot pass channelType or unknown fields (request() does not compile them).
    await run({
      call: 'blocLegal/common/getAreaInfo',
      values: { parentCode: '110000', channelType: '7', nested: { a: 1 } },
    });
    expect(last().method).toBe('POST');
    expect(last().headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(last().body);
    expect(body.get('channelType')).toBe('1');
    expect(body.get('parentCode')).toBe('110000');
    expect(body.get('nested')).toBe('{"a":1}');
    expect(body.getAll('channelType')).toHaveLength(1);
  });

  it('sends a multipart body with channelType=1 and the file for an upload call', async () => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    await run({ call: 'blocLegal/opinions/uploadPicture', values: { opinionNo: 'OP1' }, files: { file } });
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toMatch(/name="channelType"\r\n\r\n1\r\n/);
    expect(last().body).toMatch(/name="opinionNo"\r\n\r\nOP1\r\n/);
    expect(last().body).toMatch(/name="file"; filename="receipt.png"/);
  });

  it('takes each call encoding from the contract: every upload call is multipart, every other POST a form', () => {
    const multipart = Object.entries(calls)
      .filter(([, s]) => s.encoding === 'multipart')
      .map(([n]) => n);
    expect(multipart).toEqual(
      expect.arrayContaining([
        'blocLegal/employee/addBatchEmployee',
        'blocLegal/correctInsured/addBatchInsured',
        'blocLegal/opinions/uploadPicture',
      ]),
    );
  });
});

describe('the error catalogue of docs/SPEC.md §8, row by row', () => {
  const call = 'blocLegal/common/getAreaInfo';
  const path = `/gateway/${call}`;
  const rows: { situation: string; answer: Parameters<StubServer['answer']>[1]; toast: string }[] = [
    {
      situation: 'ERR_0007',
      answer: envelope('ERR_0007', 'This policy cannot be changed online.'),
      toast: 'This policy cannot be changed online.',
    },
    {
      situation: 'ERR_0003',
      answer: envelope('ERR_0003', 'There is no such policy in your account.'),
      toast: 'There is no such policy in your account.',
    },
    {
      situation: 'HTTP 404',
      answer: { kind: 'raw', status: 404, body: 'Not found' },
      toast: 'This request does not exist.',
    },
    {
      situation: 'HTTP 404 with an envelope',
      answer: {
        kind: 'json',
        status: 404,
        body: { status: 'ERR_0404', statusText: 'There is no such call.', data: null },
      },
      toast: 'This request does not exist.',
    },
    {
      situation: 'HTTP 500',
      answer: { kind: 'raw', status: 500, body: 'oops' },
      toast: 'The server ran into a problem. Please try again later.',
    },
    {
      situation: 'HTTP 502',
      answer: { kind: 'raw', status: 502, body: 'bad gateway' },
      toast: 'The service is temporarily unavailable. Please try again later.',
    },
    {
      situation: 'HTTP 503',
      answer: { kind: 'raw', status: 503, body: 'unavailable' },
      toast: 'The service is temporarily unavailable. Please try again later.',
    },
    { situation: 'HTTP 401', answer: { kind: 'raw', status: 401, body: 'who are you' }, toast: 'Please log in again.' },
    {
      situation: 'HTTP 418 (other statuses)',
      answer: { kind: 'raw', status: 418, body: 'teapot' },
      toast: 'The system is busy. Please try again later.',
    },
    {
      situation: 'HTTP 504 (other statuses)',
      answer: { kind: 'raw', status: 504, body: 'late' },
      toast: 'The system is busy. Please try again later.',
    },
    {
      situation: 'no response',
      answer: { kind: 'drop' },
      toast: 'The request failed. Check that your network is connected.',
    },
  ];

  it.each(rows)('$situation: an error toast of 2 s reading "$toast"', async ({ answer, toast }) => {
    server.answer(path, answer);
    const result = await run(request(call, {}));
    expect('error' in result).toBe(true);
    expect(rec.toasts).toEqual([{ level: 'error', content: toast, duration: 2 }]);
    expect(rec.left).toEqual([]);
    expect(rec.pushed).toEqual([]);
  });

  it('ERR_1004 on a corporate page (hash flag=legal): the corporate login page, coming back here', async () => {
    window.history.pushState({}, '', '/legal/myPolicy?x=1#flag=legal');
    server.answer(path, envelope('ERR_1004', 'Not logged in.'));
    await run(request(call, {}));
    expect(rec.left).toHaveLength(1);
    const target = new URL(rec.left[0], 'http://portal');
    expect(target.pathname).toBe('/idprovider/login');
    expect(target.searchParams.get('flag')).toBe('legal');
    expect(target.searchParams.get('redirect')).toBe('/legal/myPolicy?x=1');
    expect(rec.toasts).toEqual([]);
  });

  it('ERR_1004 after a session that ended (the SSO cookie is still there): the login page says it expired', async () => {
    window.history.pushState({}, '', '/legal/myPolicy');
    server.answer(path, envelope('ERR_1004', 'Not logged in.'));
    await run(request(call, {}));
    expect(new URL(rec.left[0], 'http://portal').searchParams.get('reason')).toBeNull();
    document.cookie = 'mc_sso=ended-session; path=/';
    try {
      await run(request(call, {}));
      expect(rec.left).toHaveLength(2);
      const target = new URL(rec.left[1], 'http://portal');
      expect(target.pathname).toBe('/idprovider/login');
      expect(target.searchParams.get('reason')).toBe('expired');
      expect(target.searchParams.get('redirect')).toBe('/legal/myPolicy');
    } finally {
      document.cookie = 'mc_sso=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('ERR_1004 elsewhere: the portal main site', async () => {
    window.__PORTAL_CONFIG__ = {
      ...window.__PORTAL_CONFIG__!,
      links: { ...portal.links, mainPortal: 'https://www.insurer.example/' },
    };
    server.answer(path, envelope('ERR_1004', 'Not logged in.'));
    await run(request(call, {}));
    expect(rec.left).toEqual(['https://www.insurer.example/']);
  });

  it('ERR_0002: the restriction tips page /limit/tips1/, no toast', async () => {
    server.answer(path, envelope('ERR_0002', 'Restricted.'));
    await run(request(call, {}));
    expect(rec.pushed).toEqual(['/limit/tips1/']);
    expect(rec.toasts).toEqual([]);
  });

  it('a page that shows its own errors (silent) gets the error and no toast', async () => {
    server.answer(path, envelope('ERR_0003', 'Shown by the page.'));
    const result = await run(request(call, {}, { silent: true }));
    expect((result as { error: unknown }).error).toEqual({
      kind: 'status',
      status: 'ERR_0003',
      statusText: 'Shown by the page.',
      data: null,
    });
    expect(rec.toasts).toEqual([]);
  });

  it('speaks Simplified Chinese when the portal does', async () => {
    store.dispatch(setLocale('zh-CN'));
    server.answer(path, { kind: 'raw', status: 500, body: 'oops' });
    await run(request(call, {}));
    expect(rec.toasts[0].content).toBe('服务器开小差了，请稍后再试');
  });

  it('an HTML page answered with 200 instead of an envelope is "system busy"', async () => {
    server.answer(path, { kind: 'raw', status: 200, body: '<html>login</html>' });
    await run(request(call, {}));
    expect(rec.toasts.map((t) => t.content)).toEqual(['The system is busy. Please try again later.']);
  });
});

describe('time-outs from the contract (fake timers)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => {
    server.release();
    jest.useRealTimers();
  });

  const correctionCalls: CallName[] = [
    'blocLegal/employee/applyBusinessApprove',
    'blocLegal/employee/groupApplyBusinessApprove',
    'blocLegal/employee/addSingleEmployee',
    'blocLegal/employee/addSingleEmployeeNew',
    'blocLegal/employee/addBatchEmployee',
    'blocLegal/employee/addBatchEmployeeNew',
    'blocLegal/employee/subtractEmployee',
    'blocLegal/employee/exchangeEmployee',
    'blocLegal/employee/exchangeEmployeeNew',
    'blocLegal/correctInsured/addSingleInsured',
    'blocLegal/correctInsured/addBatchInsured',
    'blocLegal/correctInsured/subtractInsured',
    'blocLegal/correctInsured/exchangeInsured',
    'blocLegal/correctInsured/insuredApplyBusinessApprove',
  ];

  it('gives the correction calls docs/SPEC.md §9 lists 20 s and everything else 30 s', () => {
    for (const c of correctionCalls) expect([c, timeoutOf(c)]).toEqual([c, 20_000]);
    expect(timeoutOf('blocLegal/common/getAreaInfo')).toBe(30_000);
    expect(timeoutOf('blocLegal/policy/policyList')).toBe(30_000);
  });

  async function settleAfter(call: CallName, ms: number) {
    server.answer(`/gateway/${call}`, { kind: 'hold' });
    let settled = false;
    const pending = store.dispatch(probeApi.endpoints.probe.initiate(request(call, {})));
    void Promise.resolve(pending).then(() => {
      settled = true;
    });
    await server.waitForHeld(1);
    await jest.advanceTimersByTimeAsync(ms - 1);
    const before = settled;
    await jest.advanceTimersByTimeAsync(1);
    const result = await pending;
    await jest.advanceTimersByTimeAsync(0);
    return { before, result };
  }

  it('a standard call times out at 30 s with "request timed out, check network"', async () => {
    const { before, result } = await settleAfter('blocLegal/common/getAreaInfo', 30_000);
    expect(before).toBe(false);
    expect((result as { error: unknown }).error).toEqual({ kind: 'timeout' });
    expect(rec.toasts).toEqual([
      { level: 'error', content: 'The request timed out. Check your network connection.', duration: 2 },
    ]);
  });

  it('a correction call times out at 20 s, silently', async () => {
    const { before, result } = await settleAfter('blocLegal/employee/subtractEmployee', 20_000);
    expect(before).toBe(false);
    expect((result as { error: unknown }).error).toEqual({ kind: 'timeout' });
    expect(rec.toasts).toEqual([]);
  });
});

describe("the loading overlay: 'Loading...' after 300 ms only", () => {
  afterEach(() => {
    server.release();
    jest.useRealTimers();
  });

  async function hold(call: CallName) {
    server.answer(`/gateway/${call}`, { kind: 'hold' });
    const before = server.held();
    const pending = store.dispatch(probeApi.endpoints.probe.initiate(request(call, {})));
    await server.waitForHeld(before + 1);
    return { pending }; // not the thenable itself: an async function would wait for it
  }

  it('counts every running call the contract does not exempt, and never pay-status polling', async () => {
    const first = await hold('blocLegal/common/getAreaInfo');
    expect(store.getState().ui.pending).toBe(1);
    const polling = await hold('blocLegal/employee/getPayStatus');
    expect(store.getState().ui.pending).toBe(1);
    const second = await hold('blocLegal/common/queryLogonCity');
    expect(store.getState().ui.pending).toBe(2);
    server.release();
    await Promise.all([first.pending, polling.pending, second.pending]);
    expect(store.getState().ui.pending).toBe(0);
    expect(calls['blocLegal/employee/getPayStatus'].overlay).toBe(false);
  });

  describe('on screen (fake timers)', () => {
    beforeEach(() => {
      jest.useFakeTimers();
      render(
        <Provider store={store}>
          <LoadingOverlay />
        </Provider>,
      );
    });
    const advance = async (ms: number) => {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(ms);
      });
    };

    it('appears only when a call is still running after 300 ms, and goes when it ends', async () => {
      act(() => {
        store.dispatch(requestStarted());
      });
      await advance(OVERLAY_DELAY_MS - 1);
      expect(screen.queryByText('Loading...')).toBeNull();
      await advance(1);
      expect(screen.getByTestId('loading-overlay')).toHaveTextContent('Loading...');
      act(() => {
        store.dispatch(requestFinished());
      });
      expect(screen.queryByTestId('loading-overlay')).toBeNull();
    });

    it('never appears for a call that ends within 300 ms', async () => {
      act(() => {
        store.dispatch(requestStarted());
      });
      await advance(OVERLAY_DELAY_MS - 1);
      act(() => {
        store.dispatch(requestFinished());
      });
      await advance(5000);
      expect(screen.queryByTestId('loading-overlay')).toBeNull();
    });

    it('shows one overlay for overlapping calls, until the last one ends', async () => {
      act(() => {
        store.dispatch(requestStarted());
      });
      await advance(200);
      act(() => {
        store.dispatch(requestStarted());
      });
      await advance(150);
      expect(screen.getAllByTestId('loading-overlay')).toHaveLength(1);
      act(() => {
        store.dispatch(requestFinished());
      });
      await advance(1000);
      expect(screen.getAllByTestId('loading-overlay')).toHaveLength(1);
      act(() => {
        store.dispatch(requestFinished());
      });
      expect(screen.queryByTestId('loading-overlay')).toBeNull();
    });
  });
});

describe('downloads through downloadQueryFn', () => {
  let created: Blob[];
  let clicked: string[];
  beforeEach(() => {
    created = [];
    clicked = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return `blob:test/${created.length}`;
    };
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('saves the file under its name and keeps the Blob out of the store', async () => {
    server.answer('/gateway/blocLegal/policyDownload/download', {
      kind: 'file',
      body: Buffer.from('%PDF-1.7 test'),
      type: 'application/pdf',
      filename: 'P2026001.pdf',
    });
    const result = await store.dispatch(probeApi.endpoints.probeDownload.initiate({ policyNo: 'P2026001' }));
    expect(result).toEqual({ data: { filename: 'P2026001.pdf' } });
    expect(clicked).toEqual(['P2026001.pdf']);
    expect(await created[0].text()).toBe('%PDF-1.7 test');
    expect(new URLSearchParams(last().body).get('channelType')).toBe('1');
    const hasBlob = (v: unknown): boolean =>
      v instanceof Blob || (typeof v === 'object' && v !== null && Object.values(v).some(hasBlob));
    expect(hasBlob(store.getState())).toBe(false);
  });

  it('detects an error envelope answered instead of a file and shows it like any failed call', async () => {
    server.answer(
      '/gateway/blocLegal/policyDownload/download',
      envelope('ERR_0003', 'There is no such policy in your account.'),
    );
    const result = await store.dispatch(probeApi.endpoints.probeDownload.initiate({ policyNo: 'X' }));
    await new Promise((r) => setTimeout(r, 0));
    expect((result as { error: unknown }).error).toMatchObject({ kind: 'status', status: 'ERR_0003' });
    expect(clicked).toEqual([]);
    expect(rec.toasts).toEqual([{ level: 'error', content: 'There is no such policy in your account.', duration: 2 }]);
  });
});

describe('the login check on start', () => {
  it('says so with a way to retry when the gateway does not answer, and lets the user in on retry', async () => {
    server.answer('/gateway/blocLegal/login/getLoginInfo', { kind: 'raw', status: 503, body: 'unavailable' });
    const { store: appStore, persistor } = createStore();
    await act(async () => {
      render(<App store={appStore} persistor={persistor} basename="/legal/" />);
    });
    // The portal's own notifier shows the catalogue's toast on the page (for its 2 s: looked for first,
    // while the page below it may still be loading its chunk).
    expect(
      await screen.findByText('The service is temporarily unavailable. Please try again later.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your login could not be checked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(appStore.getState().session.status).toBe('unknown');

    const info = {
      nickName: 'Li Lei',
      showApp: 0,
      legalFlag: 0,
      userAnk: 1,
      userName: 'member-x',
      userId: 7,
      customerName: 'Li Lei',
      ssoId: 'sso-1',
      role: 'administrator',
    };
    server.answer('/gateway/blocLegal/login/getLoginInfo', ok(info));
    server.answer('/gateway/blocLegal/menu/getEcenterMenus', ok([]));
    server.answer('/gateway/blocLegal/menu/queryHideMyScore', ok({ hide_menu: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello, Li Lei')).toBeInTheDocument();
    expect(appStore.getState().session.status).toBe('loggedIn');
    expect(screen.queryByText('Your login could not be checked')).toBeNull();
  });
});
