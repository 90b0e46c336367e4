export * from './engines';
export * from './poll-until';
export * from './oidc-provider';
