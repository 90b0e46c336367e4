export * from './config';
export * from './catalogue.module';
export * from './images/stored-images.service';
