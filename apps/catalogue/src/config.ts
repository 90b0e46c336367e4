import { parseEnv, serviceEnv } from '@closetly/server';
import type { z } from 'zod';

export const CatalogueConfig = serviceEnv('CATALOGUE_HTTP_PORT', 4202);
export type CatalogueConfig = z.infer<typeof CatalogueConfig>;

export const loadCatalogueConfig = (env: NodeJS.ProcessEnv = process.env): CatalogueConfig => parseEnv(CatalogueConfig, env);
