/**
 * The System panel's figures as text. Alert levels follow the operators' alert rules: an outbox event
 * waiting over a minute is late, and any dead letter wants a look (and `npm run events:replay` once fixed).
 */

/** A wait in the largest two units that matter: "45 s", "3 min 20 s", "2 h 5 min", "1 d 3 h"; none pending: "—". */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '—';
  const units: Array<[string, number]> = [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (parts.length === 0 && size === 1)) parts.push(`${count} ${unit}`);
    if (parts.length === 2 || (parts.length > 0 && count === 0)) break;
  }
  return parts.join(' ');
}

/** An outbox is late when its oldest pending event has waited over a minute. */
export const OUTBOX_LATE_SECONDS = 60;
export const outboxIsLate = (oldestPendingSeconds: number | null): boolean => oldestPendingSeconds !== null && oldestPendingSeconds > OUTBOX_LATE_SECONDS;

/** Consumer lag: events behind, or "—" where there is no consumer group (the embedded mode delivers in-process, and some services consume nothing). */
export function lagText(lag: number | null): string {
  if (lag === null) return '—';
  return `${lag.toLocaleString('en-US')} ${lag === 1 ? 'event' : 'events'}`;
}
