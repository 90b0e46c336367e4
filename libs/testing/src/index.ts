export * from './engines';
export * from './poll-until';
export * from './product';
export * from './runtime-modes';
export * from './oidc-provider';
