export * from './config';
export * from './identity.module';
