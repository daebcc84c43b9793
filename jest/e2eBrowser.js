/**
 * The browser journeys' one Chromium (Debian's, driven by playwright-core): started once for the run
 * by the e2e project's global setup and shared by every journey file and worker, each in contexts of
 * its own (__tests__/e2e/support/harness.ts connects to it); closed by the global teardown.
 */
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Headless on this machine: without the background-networking flags, Chromium's connections are refused. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function setup() {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: ARGS });
  process.env.E2E_BROWSER_WS = server.wsEndpoint();
  globalThis.e2eBrowserServer = server;
}

async function teardown() {
  await globalThis.e2eBrowserServer?.close();
}

module.exports = { setup, teardown, CHROMIUM, ARGS };
