export const PLATFORM = Symbol('PLATFORM');
export const DATABASE = Symbol('DATABASE');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
export const PROCESS_ENV = Symbol('PROCESS_ENV');
/** The process's ProcessMetrics (one registry per process). */
export const METRICS = Symbol('METRICS');
