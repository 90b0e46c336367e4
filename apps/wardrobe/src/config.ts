import { parseEnv, serviceEnv } from '@closetly/server';
import type { z } from 'zod';

export const WardrobeConfig = serviceEnv('WARDROBE_HTTP_PORT', 4203);
export type WardrobeConfig = z.infer<typeof WardrobeConfig>;

export const loadWardrobeConfig = (env: NodeJS.ProcessEnv = process.env): WardrobeConfig => parseEnv(WardrobeConfig, env);
