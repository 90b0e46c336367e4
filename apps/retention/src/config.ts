import { parseEnv, serviceEnv } from '@closetly/server';
import type { z } from 'zod';

export const RetentionConfig = serviceEnv('RETENTION_HTTP_PORT', 4206);
export type RetentionConfig = z.infer<typeof RetentionConfig>;

export const loadRetentionConfig = (env: NodeJS.ProcessEnv = process.env): RetentionConfig => parseEnv(RetentionConfig, env);
