export * from './config';
export * from './retention.module';
