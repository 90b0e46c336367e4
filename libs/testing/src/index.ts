export * from './engines';
export * from './poll-until';
export * from './oidc-provider';
export * from './smtp-capture';
export * from './factories';
export * from './unit-doubles';
export * from './kafka-groups';
export * from './free-ports';
