/** Milliseconds since the epoch. Injected, so tests move time instead of waiting for it. */
export type Clock = () => number;
/** Resolves after `ms`. Injected with the clock: a test's sleep advances the test's clock. */
export type Sleep = (ms: number) => Promise<void>;

export const systemClock: Clock = () => Date.now();
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
