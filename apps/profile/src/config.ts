import { parseEnv, serviceEnv } from '@closetly/server';
import type { z } from 'zod';

export const ProfileConfig = serviceEnv('PROFILE_HTTP_PORT', 4204);
export type ProfileConfig = z.infer<typeof ProfileConfig>;

export const loadProfileConfig = (env: NodeJS.ProcessEnv = process.env): ProfileConfig => parseEnv(ProfileConfig, env);
