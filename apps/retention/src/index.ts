export * from './config';
export * from './retention.module';
export { RetentionClock } from './clock';
export { retentionPlatformTables, trackedProducts } from './db/schema';
export { RetentionRepository } from './retention.repository';
export { RETENTION_MS, RetentionService } from './retention.service';
