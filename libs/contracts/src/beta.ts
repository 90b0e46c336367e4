import { z } from 'zod';

/** POST /api/verify-beta body. The spec: the beta code is required. */
export const VerifyBetaRequest = z
  .object({ code: z.string().trim().min(1, 'Beta code is required').max(200) })
  .strict();
export type VerifyBetaRequest = z.infer<typeof VerifyBetaRequest>;

/** A wrong code is `{ verified: false }`, not an error (spec section 7 and 8). */
export const VerifyBetaResponse = z.union([
  z.object({ verified: z.literal(true), betaToken: z.string().min(1) }),
  z.object({ verified: z.literal(false) }),
]);
export type VerifyBetaResponse = z.infer<typeof VerifyBetaResponse>;

/** Header every /api call except verify-beta and health must carry. */
export const BETA_TOKEN_HEADER = 'x-beta-token';
/** Local storage key the web app keeps the beta token under (spec section 3). */
export const BETA_TOKEN_STORAGE_KEY = 'betaToken';
