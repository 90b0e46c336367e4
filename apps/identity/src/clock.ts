/** The time now; injected so rules about time (grace windows, lifetimes) can be tested without waiting. */
export type Clock = () => Date;

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = () => new Date();
