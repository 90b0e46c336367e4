export * from './beta';
export * from './catalogue';
export * from './errors';
export * from './events';
export * from './health';
export * from './rpc';
export * from './auth';
