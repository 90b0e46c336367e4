import type { ExecutionContext } from '@nestjs/common';
import { GUARDS_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { type Caller, EXTENSION_TOKEN_SCOPE_MESSAGE } from '@closetly/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, DomainError, keyIdOf, MemoryCache, ProcessMetrics, type RpcClient } from '@closetly/server';
import jwt from 'jsonwebtoken';
import { BetaController } from '../beta/beta.controller';
import { loadGatewayConfig } from '../config';
import { ApiHealthController } from '../health/api-health.controller';
import { ApiNotFoundController } from '../http/api-not-found.controller';
import { ImagesController } from '../images/images.controller';
import { ListsController } from '../lists/lists.controller';
import { ProductsController } from '../products/products.controller';
import { ProfileController } from '../profile/profile.controller';
import { PageWatchController } from '../page-watch/page-watch.controller';
import { RetentionController } from '../retention/retention.controller';
import { SearchController } from '../search/search.controller';
import { WardrobeController } from '../wardrobe/wardrobe.controller';
import { AdminGuard, ExtensionAllowed, JwtAuthGuard, OptionalJwtAuthGuard } from './auth.guards';
import { AuthController } from './auth.controller';
import { JwtStrategy } from './jwt.strategy';
import { SessionLiveness } from './session-liveness';
import { OidcController } from './oidc.controller';

const SECRET = 'guard-spec-access-token-key-0123456789abcdef';
/** Constructing the strategy registers it with passport as 'jwt', the name the guards authenticate with. */
new JwtStrategy(
  loadGatewayConfig({ BETA_TOKEN_SECRET: 'b'.repeat(40), AUTH_JWT_SECRET: SECRET }),
  new SessionLiveness(new MemoryCache(), { call: async () => ({ live: true }) } as unknown as RpcClient, new ProcessMetrics()),
);

const token = (claims: object) =>
  jwt.sign(claims, SECRET, { algorithm: 'HS256', keyid: keyIdOf(SECRET), issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, expiresIn: 600 });
const accessToken = (roles: string[] = []) => token({ sub: 'user-1', sid: 'session-1', roles, typ: 'access' });
const extensionToken = () => token({ sub: 'user-1', sid: 'session-1', typ: 'extension' });

type Handler = (...args: never[]) => unknown;
type ControllerClass = abstract new (...args: never[]) => unknown;

class Routes {
  @ExtensionAllowed()
  marked() {}

  unmarked() {}
}

@ExtensionAllowed()
class MarkedController {
  route() {}
}

interface FakeRequest {
  headers: Record<string, string>;
  user?: Caller;
}

const requestWith = (bearer?: string): FakeRequest => ({ headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
const contextFor = (request: FakeRequest, handler: Handler, controller: ControllerClass = Routes) =>
  ({
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  }) as unknown as ExecutionContext;

/** What the guard decided: 'pass', or the error code it refused with. */
async function decide(guard: { canActivate(context: ExecutionContext): unknown }, context: ExecutionContext): Promise<string> {
  try {
    await guard.canActivate(context);
    return 'pass';
  } catch (error) {
    return error instanceof DomainError ? error.code : `unexpected ${String(error)}`;
  }
}

/** The guard with identity answering every call (an account as identity.get-user answers it); `rpc.call` records them. */
function setup() {
  const rpc = { call: jest.fn(async (..._args: unknown[]): Promise<unknown> => ({})) };
  return { rpc, guard: new JwtAuthGuard(new Reflector(), rpc as unknown as RpcClient) };
}

const routes = new Routes();

describe('JwtAuthGuard', () => {
  it.each([
    ['no token', undefined, 'UNAUTHENTICATED', 'UNAUTHENTICATED'],
    ['garbage', 'garbage.garbage.garbage', 'UNAUTHENTICATED', 'UNAUTHENTICATED'],
    ['an access token', accessToken(), 'pass', 'pass'],
    ['an admin’s access token', accessToken(['admin']), 'pass', 'pass'],
    ['an extension token', extensionToken(), 'pass', 'FORBIDDEN'],
  ])('decides %s: %s on a marked route, %s on any other', async (_what, bearer, onMarked, onUnmarked) => {
    const { guard } = setup();
    expect(await decide(guard, contextFor(requestWith(bearer), routes.marked))).toBe(onMarked);
    expect(await decide(guard, contextFor(requestWith(bearer), routes.unmarked))).toBe(onUnmarked);
  });

  it('refuses the extension token elsewhere with 403 FORBIDDEN and a message saying what it may do', async () => {
    const { guard } = setup();
    await expect(guard.canActivate(contextFor(requestWith(extensionToken()), routes.unmarked))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: EXTENSION_TOKEN_SCOPE_MESSAGE,
    });
  });

  it('takes the mark from the route only: a marked controller opens none of its routes', async () => {
    const { guard } = setup();
    expect(await decide(guard, contextFor(requestWith(extensionToken()), MarkedController.prototype.route, MarkedController))).toBe('FORBIDDEN');
  });

  it('asks identity whether an extension token’s session is live, and refuses it with 401 when identity says it ended', async () => {
    const { guard, rpc } = setup();
    const request = requestWith(extensionToken());
    expect(await decide(guard, contextFor(request, routes.marked))).toBe('pass');
    expect(rpc.call).toHaveBeenCalledWith('identity.get-user', { caller: { uid: 'user-1', sid: 'session-1', roles: [], scope: 'extension' } });
    expect(request.user).toEqual({ uid: 'user-1', sid: 'session-1', roles: [], scope: 'extension' });

    rpc.call.mockRejectedValueOnce(new DomainError('UNAUTHENTICATED', 'Please sign in again.'));
    expect(await decide(guard, contextFor(requestWith(extensionToken()), routes.marked))).toBe('UNAUTHENTICATED');
  });

  it('lets an access token through without asking identity (the deny-list covers its lifetime)', async () => {
    const { guard, rpc } = setup();
    expect(await decide(guard, contextFor(requestWith(accessToken()), routes.unmarked))).toBe('pass');
    expect(rpc.call).not.toHaveBeenCalled();
  });
});

describe('the routes the extension token may call', () => {
  const controllers: ControllerClass[] = [
    AuthController,
    OidcController,
    BetaController,
    ApiHealthController,
    WardrobeController,
    ProductsController,
    ProfileController,
    SearchController,
    ListsController,
    RetentionController,
    PageWatchController,
    ImagesController,
    ApiNotFoundController,
  ];
  const routeHandlers = controllers.flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype)
      .map((name) => ({ controller, name, handler: (controller.prototype as Record<string, unknown>)[name] }))
      .filter((route): route is { controller: ControllerClass; name: string; handler: Handler } => typeof route.handler === 'function' && Reflect.hasMetadata(PATH_METADATA, route.handler)),
  );
  const guardsOf = (handler: Handler): unknown[] => (Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? [];

  it('are exactly save, get-wardrobe, remove-from-wardrobe and the price observation: every other signed-in route refuses it with 403', async () => {
    const { guard } = setup();
    const signedIn = routeHandlers.filter((route) => guardsOf(route.handler).includes(JwtAuthGuard));
    expect(signedIn.length).toBeGreaterThan(10);
    const decisions: Record<string, string> = {};
    for (const route of signedIn) {
      decisions[`${route.controller.name}.${route.name}`] = await decide(guard, contextFor(requestWith(extensionToken()), route.handler, route.controller));
    }
    expect(Object.entries(decisions).filter(([, decision]) => decision === 'pass').map(([route]) => route).sort()).toEqual([
      'ProductsController.recordPriceObservation',
      'WardrobeController.remove',
      'WardrobeController.save',
      'WardrobeController.wardrobe',
    ]);
    expect(new Set(Object.values(decisions))).toEqual(new Set(['pass', 'FORBIDDEN']));
    // The admin routes are among the refused, and mint and sign-out-everywhere too.
    expect(decisions).toMatchObject({
      'AuthController.mintExtensionToken': 'FORBIDDEN',
      'AuthController.signOutEverywhere': 'FORBIDDEN',
      'AuthController.listAccounts': 'FORBIDDEN',
      'ProductsController.ungendered': 'FORBIDDEN',
      'SearchController.reindex': 'FORBIDDEN',
      'RetentionController.atRiskItems': 'FORBIDDEN',
      'PageWatchController.run': 'FORBIDDEN',
    });
  });
});

describe('OptionalJwtAuthGuard', () => {
  it.each([
    ['no token', undefined, undefined],
    ['an access token', accessToken(), { uid: 'user-1', sid: 'session-1', roles: [], scope: 'full' }],
    ['an extension token (as a visitor: never a signed-in caller)', extensionToken(), undefined],
    ['garbage', 'garbage.garbage.garbage', undefined],
  ])('lets %s through with the user %o', async (_what, bearer, user) => {
    const request = requestWith(bearer);
    expect(await decide(new OptionalJwtAuthGuard(), contextFor(request, routes.unmarked))).toBe('pass');
    expect(request.user).toEqual(user);
  });
});

describe('AdminGuard', () => {
  const withUser = (user: Caller | undefined) => contextFor({ headers: {}, user }, routes.unmarked);

  it('passes a full-scope admin only', async () => {
    const guard = new AdminGuard();
    expect(await decide(guard, withUser({ uid: 'u', sid: 's', roles: ['admin'], scope: 'full' }))).toBe('pass');
    expect(await decide(guard, withUser({ uid: 'u', sid: 's', roles: [], scope: 'full' }))).toBe('FORBIDDEN');
    expect(await decide(guard, withUser(undefined))).toBe('FORBIDDEN');
    // The strategy never gives an extension caller roles; were one to carry them, it would still be refused.
    expect(await decide(guard, withUser({ uid: 'u', sid: 's', roles: ['admin'], scope: 'extension' }))).toBe('FORBIDDEN');
  });
});
