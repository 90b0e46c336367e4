import { applyDecorators, type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { type Caller, EXTENSION_TOKEN_SCOPE_MESSAGE } from '@closetly/contracts';
import { DomainError, RPC_CLIENT, type RpcClient } from '@closetly/server';

export const EXTENSION_ALLOWED = 'closetly:extension-allowed';

/**
 * Lets the Chrome extension's token call this route (besides a full access token). Every other route
 * refuses it: a new route is closed to the extension until someone marks it. On handlers only, never a
 * controller, so no route opens by sharing a class with one that is marked.
 */
export const ExtensionAllowed = () => SetMetadata(EXTENSION_ALLOWED, true);

const requestOf = (context: ExecutionContext) => context.switchToHttp().getRequest<{ user?: Caller }>();

/**
 * A valid token is required; anything else is 401 UNAUTHENTICATED (the web app then signs out).
 * An access token passes on any route; the extension's token only on a route marked @ExtensionAllowed()
 * (elsewhere 403 FORBIDDEN), and only while identity still holds its session and account live.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const caller = requestOf(context).user;
    if (!caller) throw new DomainError('UNAUTHENTICATED', 'Please sign in again.');
    if (caller.scope === 'full') return true;
    if (this.reflector.get<boolean | undefined>(EXTENSION_ALLOWED, context.getHandler()) !== true) {
      throw new DomainError('FORBIDDEN', EXTENSION_TOKEN_SCOPE_MESSAGE);
    }
    // The deny-list remembers a revoked session only for an access token's lifetime (and, in embedded mode,
    // until a restart); an extension token lives 30 days, so identity answers for its session on every use
    // (an ended session or a disabled account is 401 UNAUTHENTICATED).
    await this.rpc.call('identity.get-user', { caller });
    return true;
  }

  override handleRequest<TUser = Caller>(error: unknown, user: TUser | false): TUser {
    // An outage while checking the session is not the caller's fault: 503, never a 401 that signs them out.
    if (error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE') throw error;
    if (error || !user) throw new DomainError('UNAUTHENTICATED', 'Please sign in again.');
    return user;
  }
}

/**
 * Like JwtAuthGuard, but lets the request through without a user when no valid access token came.
 * The extension's token counts as none: such a route answers it as it answers a visitor.
 */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = Caller>(_error: unknown, user: TUser | false): TUser | undefined {
    return user && hasFullScope(user) ? user : undefined;
  }
}

const hasFullScope = (user: unknown): boolean => typeof user === 'object' && user !== null && (user as Partial<Caller>).scope === 'full';

/** After JwtAuthGuard: the admin role, held by a full-scope caller (the extension's token carries no role anyway). */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = requestOf(context).user;
    if (user?.scope !== 'full' || !user.roles.includes('admin')) throw new DomainError('FORBIDDEN', 'Unauthorized access.');
    return true;
  }
}

export const Authenticated = () => UseGuards(JwtAuthGuard);
/** Admin calls: signed in and holding the admin role (the owning service checks again). */
export const AdminOnly = () => applyDecorators(UseGuards(JwtAuthGuard, AdminGuard));

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Caller | undefined => {
  return requestOf(context).user;
});
