/**
 * kafkajs 2.2.4 (the last release) keeps a timer loop running on every broker
 * connection while nothing is queued: `RequestQueue.scheduleCheckPendingRequests`
 * reschedules itself with a negative delay, so an idle connection wakes about
 * a thousand times a second (kafkajs issues #1556 and #1704; the fix proposed
 * in pull request #1667 is not released). Each idle service spent about 3 % of
 * a core on it, on machines with two.
 *
 * This replaces that one method with the fixed logic: a check is scheduled only
 * while requests wait, after the broker's throttle or 10 ms (the library's own
 * interval). Nothing else needs the loop: a pushed request is sent at once or
 * queued with a check scheduled, and each answer checks the queue again.
 */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** The library's own interval between checks while requests wait (CHECK_PENDING_REQUESTS_INTERVAL). */
const CHECK_PENDING_INTERVAL_MS = 10;
/** The release with the loop; another version keeps its own code (the test says if it still loops). */
const LOOPING_VERSION = '2.2.4';

function scheduleCheckWhileRequestsWait(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_INTERVAL_MS,
  );
}

/** Patches kafkajs's request queue, if it is the looping release (again is harmless). Returns whether it did. */
export function stopKafkajsIdleLoop(): boolean {
  /* eslint-disable @typescript-eslint/no-require-imports -- the class is internal to kafkajs: no import names it */
  const { version } = require('kafkajs/package.json') as { version: string };
  if (version !== LOOPING_VERSION) return false;
  const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: RequestQueueInternals };
  /* eslint-enable @typescript-eslint/no-require-imports */
  RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckWhileRequestsWait;
  return true;
}
