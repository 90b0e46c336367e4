import { z } from 'zod';
import { PingResponse } from './rpc';

/** GET /api/health: the gateway's view of every service's readiness. */
export const ApiHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.array(
    PingResponse.extend({ error: z.string().optional() }),
  ),
});
export type ApiHealthResponse = z.infer<typeof ApiHealthResponse>;
