/**
 * jsdom with Node's fetch family: RTK Query's fetchBaseQuery needs fetch, Request, Response and
 * Headers, and Request must resolve relative URLs ('/gateway/...') against the page's location.
 */
const { TestEnvironment } = require('jest-environment-jsdom');
const { webcrypto } = require('node:crypto');

class PortalEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    const base = () => g.location.href;
    const NodeRequest = Request;
    g.Request = class extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, base()).href : input, init);
      }
    };
    // A cookie jar shared by every request of the test file, as a browser's would be: the gateway's
    // session cookie is HttpOnly, so document.cookie cannot carry it.
    const jar = new Map();
    g.__cookieJar = jar;
    g.fetch = async (input, init = {}) => {
      const request = new g.Request(input, init);
      const headers = new Headers(request.headers);
      if (jar.size > 0 && !headers.has('cookie'))
        headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(new Request(request, { headers }));
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some(
          (a) => /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()),
        );
        if (expired || value === '') jar.delete(name);
        else jar.set(name, value);
        const httpOnly = attributes.some((a) => /^\s*httponly/i.test(a));
        if (!httpOnly)
          g.document.cookie = expired || value === '' ? `${name}=; path=/; max-age=0` : `${name}=${value}; path=/`;
      }
      return response;
    };
    g.Headers = Headers;
    g.Response = Response;
    // Web streams: the gateway's compression (running in this realm in page tests) checks for them.
    g.ReadableStream = ReadableStream;
    g.FormData = FormData;
    g.Blob = Blob;
    g.File = File;
    g.URLSearchParams = URLSearchParams;
    // One realm for binary data: the gateway's libraries (pdfkit, exceljs) check `instanceof
    // Uint8Array` on buffers Node made, which jsdom's own Uint8Array would fail.
    g.Uint8Array = Uint8Array;
    g.ArrayBuffer = ArrayBuffer;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    // The gateway's HTTP layer (light-my-request's answers, which the gateway's start uses) writes
    // through Node's setImmediate, which jsdom's window does not have.
    g.setImmediate = setImmediate;
    g.clearImmediate = clearImmediate;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
    g.structuredClone = structuredClone;
    // antd's rc-component (Select, Dropdown) and React's scheduler post work through MessageChannel.
    // Node's own ports would keep jest from exiting: these deliver through the page's timers instead.
    g.MessageChannel = class MessageChannel {
      constructor() {
        const port = () => ({
          onmessage: null,
          listeners: [],
          addEventListener(type, fn) {
            if (type === 'message') this.listeners.push(fn);
          },
          removeEventListener(type, fn) {
            this.listeners = this.listeners.filter((l) => l !== fn);
          },
          start() {},
          close() {},
        });
        const a = port();
        const b = port();
        const deliver = (to, data) =>
          g.setTimeout(() => {
            const event = { data };
            if (typeof to.onmessage === 'function') to.onmessage(event);
            for (const l of to.listeners) l(event);
          }, 0);
        a.postMessage = (data) => deliver(b, data);
        b.postMessage = (data) => deliver(a, data);
        this.port1 = a;
        this.port2 = b;
      }
    };
    Object.defineProperty(g, 'crypto', { value: webcrypto, configurable: true });
  }
}

module.exports = PortalEnvironment;
