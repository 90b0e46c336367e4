export * from './config';
export * from './profile.module';
