export * from './metrics';
export * from './split';
export * from './baselines';
export * from './evaluate';
export * from './random';
export * from './synthetic-shopping';
