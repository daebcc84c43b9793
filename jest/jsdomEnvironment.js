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
    g.fetch = (input, init) => fetch(typeof input === 'string' ? new URL(input, base()).href : input, init);
    g.Headers = Headers;
    g.Response = Response;
    g.FormData = FormData;
    g.Blob = Blob;
    g.File = File;
    g.URLSearchParams = URLSearchParams;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
    g.structuredClone = structuredClone;
    Object.defineProperty(g, 'crypto', { value: webcrypto, configurable: true });
  }
}

module.exports = PortalEnvironment;
