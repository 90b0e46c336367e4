export * from './config';
export * from './wardrobe.module';
