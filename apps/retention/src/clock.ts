/**
 * The retention service's time. Injected so tests move it instead of waiting
 * 30 days; `offsetMs` is moved only by tests (unit tests directly, end-to-end
 * tests through the test-only clock call, see config.ts).
 */
export class RetentionClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }
}
