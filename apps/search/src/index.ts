export * from './config';
export * from './search.module';
