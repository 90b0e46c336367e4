/**
 * The whole product started for tests and the benchmark, in either runtime
 * mode. It composes apps (and the distributed launcher), so it lives here
 * rather than in `@closetly/testing`, which holds engine-level helpers only.
 */
export * from './product';
export * from './runtime-modes';
export * from './api-suite';
