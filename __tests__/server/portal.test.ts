import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGateway, type TestGateway } from './support/gateway';

let gw: TestGateway;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-dist-'));
  fs.mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--PORTAL_CONFIG--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'static/js/main.0123456789.js'), 'console.log("portal")');
  gw = await startGateway({ DIST_DIR: dist, PORTAL_NAME: 'Test Portal <b>' });
});
afterAll(async () => {
  await gw.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the portal under the router base', () => {
  it('answers index.html for the base and any route below it, never cached, with the configuration', async () => {
    for (const url of ['/legal/', '/legal/index', '/legal/myclub/myScore?flag=legal&t=1']) {
      const res = await gw.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('window.__PORTAL_CONFIG__=');
      expect(res.body).not.toContain('<!--PORTAL_CONFIG-->');
    }
  });

  it('escapes the configuration so that it cannot close the script', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/index' });
    expect(res.body).toContain('Test Portal \\u003cb>');
    expect(res.body).not.toContain('Test Portal <b>');
  });

  it('gives the inline configuration script the nonce of the Content Security Policy', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/index' });
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    const again = await gw.app.inject({ method: 'GET', url: '/legal/index' });
    expect(/<script nonce="([^"]+)">/.exec(again.body)?.[1]).not.toBe(nonce);
  });

  it('caches hashed assets for a year', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/static/js/main.0123456789.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a real 404 for a missing asset, so that a failed chunk is noticed', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/legal/static/js/missing.abcdef0123.chunk.js' });
    expect(res.statusCode).toBe(404);
  });

  it('redirects the site root and the bare base to the portal', async () => {
    expect((await gw.app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/legal/');
    expect((await gw.app.inject({ method: 'GET', url: '/legal' })).headers.location).toBe('/legal/');
  });
});

describe('before the portal is built', () => {
  it('says how to build it instead of failing', async () => {
    const bare = await startGateway({ DIST_DIR: path.join(os.tmpdir(), 'mc-no-dist-here') });
    const res = await bare.app.inject({ method: 'GET', url: '/legal/index' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await bare.close();
  });
});
