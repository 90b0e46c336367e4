import { z } from 'zod';
import {
  AccountList,
  AuthSession,
  AuthUser,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  OidcCompleteRequest,
  OidcIntent,
  OidcStartResponse,
  RefreshRequest,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
  UserRecordRequest,
} from './auth';
import { CorrectProductRequest, ItemInput, Product, ProductGender, Products, WardrobeItem, WardrobeItems } from './catalogue';
import { Caller, PingRequest, PingResponse, type ServiceName, VerifyBetaCodeRequest, VerifyBetaCodeResponse } from './rpc';

/** One gateway→service call: who answers it, what it takes, what it answers. */
export interface RpcCallSpec<TService extends ServiceName = ServiceName, TRequest extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> {
  service: TService;
  request: TRequest;
  response: TResponse;
}
export type RpcCallMap = Record<string, RpcCallSpec>;

export const rpcCall = <TService extends ServiceName, TRequest extends z.ZodType, TResponse extends z.ZodType>(
  service: TService,
  request: TRequest,
  response: TResponse,
): RpcCallSpec<TService, TRequest, TResponse> => ({ service, request, response });

/** What calls that only do something answer. */
export const RpcOk = z.object({ ok: z.literal(true) });
export type RpcOk = z.infer<typeof RpcOk>;

const WithCaller = z.object({ caller: Caller });
const WithProduct = z.object({ caller: Caller, productId: z.string().uuid() });

/**
 * Every call the gateway makes of a service, keyed by its message pattern.
 * The gateway's client and the services' handlers are both typed from this
 * map, and the request is validated with its schema where it is received.
 */
export const RPC_CALLS = {
  'identity.ping': rpcCall('identity', PingRequest, PingResponse),
  'identity.verify-beta-code': rpcCall('identity', VerifyBetaCodeRequest, VerifyBetaCodeResponse),
  'identity.sign-up': rpcCall('identity', SignUpRequest, AuthSession),
  'identity.sign-in': rpcCall('identity', SignInRequest, AuthSession),
  'identity.refresh': rpcCall('identity', RefreshRequest, AuthSession),
  'identity.logout': rpcCall('identity', z.object({ token: z.string().max(4096), caller: Caller.optional() }), RpcOk),
  'identity.get-user': rpcCall('identity', WithCaller, AuthUser),
  'identity.update-user': rpcCall('identity', WithCaller.extend({ record: UserRecordRequest }), AuthUser),
  'identity.forgot-password': rpcCall('identity', ForgotPasswordRequest, ForgotPasswordResponse),
  'identity.reset-password': rpcCall('identity', ResetPasswordRequest, RpcOk),
  'identity.list-accounts': rpcCall('identity', WithCaller, AccountList),
  'identity.oidc-start': rpcCall('identity', z.object({ intent: OidcIntent }), OidcStartResponse),
  'identity.oidc-callback': rpcCall('identity', z.object({ params: z.record(z.string(), z.string().max(4096)) }), z.object({ loginCode: z.string() })),
  'identity.oidc-complete': rpcCall('identity', OidcCompleteRequest, AuthSession),

  'catalogue.ping': rpcCall('catalogue', PingRequest, PingResponse),
  /** A product as the caller may see it: listed and not hidden, or saved by the caller, or any for an administrator. */
  'catalogue.get-product': rpcCall('catalogue', z.object({ productId: z.string().uuid(), caller: Caller.nullable() }), Product),
  'catalogue.record-feedback': rpcCall('catalogue', z.object({ productId: z.string().uuid(), caller: Caller.nullable(), gender: ProductGender }), RpcOk),
  'catalogue.list-ungendered': rpcCall('catalogue', WithCaller, Products),
  'catalogue.set-gender': rpcCall('catalogue', WithProduct.extend({ gender: ProductGender }), Product),
  'catalogue.set-hidden': rpcCall('catalogue', WithProduct.extend({ hidden: z.boolean() }), Product),
  'catalogue.correct-product': rpcCall('catalogue', WithProduct.extend({ correction: CorrectProductRequest }), Product),

  'wardrobe.ping': rpcCall('wardrobe', PingRequest, PingResponse),
  /** Saves the caller's capture of an item; answers the item as stored now. */
  'wardrobe.save': rpcCall('wardrobe', WithCaller.extend({ item: ItemInput }), WardrobeItem),
  'wardrobe.list': rpcCall('wardrobe', WithCaller, WardrobeItems),
  /** The caller's own saved item, or null when they have not saved it. */
  'wardrobe.find-item': rpcCall('wardrobe', WithProduct, z.object({ item: WardrobeItem.nullable() })),
  'wardrobe.remove': rpcCall('wardrobe', WithProduct, RpcOk),

  'profile.ping': rpcCall('profile', PingRequest, PingResponse),
  'search.ping': rpcCall('search', PingRequest, PingResponse),
  'retention.ping': rpcCall('retention', PingRequest, PingResponse),
} as const satisfies RpcCallMap;

export type RpcCalls = typeof RPC_CALLS;
export type RpcPattern = keyof RpcCalls;
/** What a handler receives (parsed) and what a caller sends (before parsing). */
export type RpcRequestOf<TCall extends RpcCallSpec> = z.output<TCall['request']>;
export type RpcRequestInputOf<TCall extends RpcCallSpec> = z.input<TCall['request']>;
/** What a caller gets (parsed) and what a handler may return (before parsing). */
export type RpcResponseOf<TCall extends RpcCallSpec> = z.output<TCall['response']>;
export type RpcResponseInputOf<TCall extends RpcCallSpec> = z.input<TCall['response']>;
export type RpcRequest<P extends RpcPattern> = RpcRequestOf<RpcCalls[P]>;
export type RpcResponse<P extends RpcPattern> = RpcResponseOf<RpcCalls[P]>;

