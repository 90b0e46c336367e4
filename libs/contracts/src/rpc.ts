import { z } from 'zod';

/** The services behind the gateway. Each owns its PostgreSQL schema of the same name. */
export const SERVICE_NAMES = ['identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * RPC messages travel as `{ meta, data }`: the TCP transport has no headers,
 * so the correlation id and the caller's deadline ride in `meta`.
 */
export const RpcMeta = z.object({
  correlationId: z.string().min(1).max(200),
  deadline: z.number().int().positive(),
  /** The internal-call assertion: a short JWT proving who sent this call (libs/server auth/internal-calls.ts). */
  assertion: z.string().max(2048).optional(),
  /** The caller's span (W3C traceparent): the service's span is its child. */
  traceparent: z.string().max(55).optional(),
});
export type RpcMeta = z.infer<typeof RpcMeta>;

export interface RpcEnvelope<TData> {
  meta: RpcMeta;
  data: TData;
}

/** The processes that make RPC calls: the gateway for users, and search for the catalogue's snapshot. */
export const INTERNAL_CALLERS = ['gateway', 'search'] as const;
export type InternalCaller = (typeof INTERNAL_CALLERS)[number];

/** What a service answers a call it refuses for want of a valid assertion (never crosses HTTP: the gateway logs it and answers 500). */
export const INTERNAL_CALL_REFUSED = 'INTERNAL_CALL_REFUSED';

/** A remote error as it crosses the RPC boundary: a domain code, never a stack. */
export const RpcErrorBody = z.object({
  code: z.string().min(1),
  message: z.string(),
  service: z.string().optional(),
  details: z.unknown().optional(),
});
export type RpcErrorBody = z.infer<typeof RpcErrorBody>;

/** `<service>.ping` → readiness of that service's engines. */
export const PingRequest = z.object({}).strict();
export type PingRequest = z.infer<typeof PingRequest>;
export const CheckStatus = z.enum(['up', 'down']);
export const PingResponse = z.object({
  service: z.string(),
  ready: z.boolean(),
  checks: z.record(z.string(), CheckStatus),
});
export type PingResponse = z.infer<typeof PingResponse>;

export const pingPattern = <S extends ServiceName>(service: S) => `${service}.ping` as const;

/** identity.verify-beta-code: identity owns the beta codes; the gateway signs the token. */
export const VerifyBetaCodeRequest = z.object({ code: z.string().max(200) });
export type VerifyBetaCodeRequest = z.infer<typeof VerifyBetaCodeRequest>;
export const VerifyBetaCodeResponse = z.object({ valid: z.boolean() });
export type VerifyBetaCodeResponse = z.infer<typeof VerifyBetaCodeResponse>;

/**
 * What a token lets its bearer do: `full` (an access token) or `extension`
 * (the Chrome extension's token: save, list and remove wardrobe items only,
 * and never any role).
 */
export const CallerScope = z.enum(['full', 'extension']);
export type CallerScope = z.infer<typeof CallerScope>;

/**
 * The caller as the gateway verified it from its token. `scope` is absent in
 * callers sent before scopes existed, which were all access tokens: absent
 * means full. The scope only ever takes away; no service grants anything for it.
 */
export const Caller = z.object({ uid: z.string(), sid: z.string(), roles: z.array(z.string()), scope: CallerScope.optional() });
export type Caller = z.infer<typeof Caller>;

/** Whether the caller came with the extension's token (and may only save, list and remove wardrobe items and report their prices). */
export const isExtensionScoped = (caller: Pick<Caller, 'scope'>): boolean => caller.scope === 'extension';
