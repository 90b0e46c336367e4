/**
 * Waits for a condition instead of sleeping: calls `probe` until it returns a
 * value that `done` accepts, or fails after `timeoutMs` with the last value.
 */
export async function pollUntil<T>(
  probe: () => Promise<T> | T,
  done: (value: T) => boolean = Boolean,
  { timeoutMs = 20_000, intervalMs = 50, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await probe();
      if (done(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : ` (last value: ${JSON.stringify(last)})`;
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
