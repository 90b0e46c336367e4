import { parseEnv, serviceEnv } from '@closetly/server';
import type { z } from 'zod';

export const SearchConfig = serviceEnv('SEARCH_HTTP_PORT', 4205);
export type SearchConfig = z.infer<typeof SearchConfig>;

export const loadSearchConfig = (env: NodeJS.ProcessEnv = process.env): SearchConfig => parseEnv(SearchConfig, env);
