import './shiftClock';
import { reportFailure } from '@tests/e2e/support/failures';
// Browser journeys take seconds, not milliseconds (testTimeout is not a per-project option): a journey that
// needs more than a minute is too long.
jest.setTimeout(60_000);

declare global {
  var __journeyFailed: string | null | undefined;
}

// A failed journey says what the browser showed (jest/e2eEnvironment.js notes the failure).
afterEach(async () => {
  if (globalThis.__journeyFailed) await reportFailure(globalThis.__journeyFailed);
});
