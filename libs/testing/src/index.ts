export * from './engines';
export * from './poll-until';
export * from './oidc-provider';
export * from './factories';
export * from './unit-doubles';
