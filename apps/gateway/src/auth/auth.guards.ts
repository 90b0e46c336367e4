import { applyDecorators, type CanActivate, createParamDecorator, type ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Caller } from '@closetly/contracts';
import { DomainError } from '@closetly/server';

/** A valid access token is required; anything else is 401 UNAUTHENTICATED (the web app then signs out). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = Caller>(error: unknown, user: TUser | false): TUser {
    if (error || !user) throw new DomainError('UNAUTHENTICATED', 'Please sign in again.');
    return user;
  }
}

/** Like JwtAuthGuard, but lets the request through without a user when no valid token came. */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = Caller>(_error: unknown, user: TUser | false): TUser | undefined {
    return user || undefined;
  }
}

@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: Caller }>().user;
    if (!user?.roles.includes('admin')) throw new DomainError('FORBIDDEN', 'Unauthorized access.');
    return true;
  }
}

export const Authenticated = () => UseGuards(JwtAuthGuard);
/** Admin calls: signed in and holding the admin role (the owning service checks again). */
export const AdminOnly = () => applyDecorators(UseGuards(JwtAuthGuard, AdminGuard));

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Caller | undefined => {
  return context.switchToHttp().getRequest<{ user?: Caller }>().user;
});
