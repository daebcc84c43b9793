/**
 * TEST_CLOCK_SHIFT_DAYS=N runs a suite as if the calendar were N days on (the gateway and pages under
 * test share the test's Date): it shows how long the demo world's fixed dates keep the suite green.
 * Unset, nothing changes. Example: `TEST_CLOCK_SHIFT_DAYS=45 npm run test:unit`.
 */
const days = Number(process.env.TEST_CLOCK_SHIFT_DAYS || 0);
if (days) {
  const RealDate = Date;
  const offset = days * 86_400_000;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string]));
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}

export {};
