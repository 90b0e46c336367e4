export * from './config';
export * from './catalogue.module';
