import './shiftClock';
// Browser journeys take seconds, not milliseconds (testTimeout is not a per-project option): a journey that
// needs more than a minute is too long.
jest.setTimeout(60_000);
