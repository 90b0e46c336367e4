export * from './config';
export * from './wardrobe.module';
export * from './saves/saves.service';
