/**
 * The one clock of the gateway: every service asks it for the time instead of calling `new Date()`,
 * so that tests can hold or move time. The insurer's calendar day of an instant is
 * `insurerToday(clock.now())` (src/common/correction.ts, Beijing time).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock whose time a test sets (and moves with `advance`). */
export class FixedClock implements Clock {
  constructor(private at: Date) {}
  now(): Date {
    return new Date(this.at.getTime());
  }
  set(at: Date) {
    this.at = at;
  }
  advance(ms: number) {
    this.at = new Date(this.at.getTime() + ms);
  }
}
