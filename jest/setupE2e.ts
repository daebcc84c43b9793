import './shiftClock';
// Browser journeys take seconds, not milliseconds (testTimeout is not a per-project option).
jest.setTimeout(120_000);
