import { parseEnv, serviceEnv } from '@closetly/server';
import { z } from 'zod';

export const SearchConfig = serviceEnv('SEARCH_HTTP_PORT', 4205).extend({
  /**
   * The OpenSearch alias the service reads and writes (distributed mode); the documents live in
   * `<alias>-v<n>` behind it, and a concrete index of that name from before the alias is moved behind
   * it at start. Tests give each product its own.
   */
  SEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,100}$/, 'lower-case letters, digits, _ and - (an OpenSearch index name)')
    .default('products'),
});
export type SearchConfig = z.infer<typeof SearchConfig>;

export const SEARCH_CONFIG = Symbol('SEARCH_CONFIG');

export const loadSearchConfig = (env: NodeJS.ProcessEnv = process.env): SearchConfig => parseEnv(SearchConfig, env);
