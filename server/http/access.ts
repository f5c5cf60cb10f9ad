// The access gate of the API (API.md Part A "Permissions": default deny). Every /api route declares who may
// call it in its config:
//
//   app.get('/sys/role/list', { config: { access: { permission: 'role:list' } } }, handler)
//   app.get('/user/info', { config: { access: 'authenticated' } }, handler)
//   app.post('/sys/login', { config: { access: 'public' } }, handler)
//
// A route without a declaration stops the server from starting. Before the body is even parsed, the
// session of the X-Access-Token header is resolved into `request.session` and the declaration enforced:
// 401 without a valid session, 403 without the permission.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { NO_PERMISSION_MESSAGE, TOKEN_EXPIRED_MESSAGE } from '../../common/constants';
import { sendFailure } from './envelope';
import { API_PREFIX } from './site';

/**
 * Who may call a route: anyone, any signed-in user, or a signed-in user holding a permission code — or any one of
 * several, for a read that several pages need (a picker's options: issue #15).
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | { permission: string | readonly string[] }
  /** A mall buyer's route (/api/buyer, issue #22): the buyer plugin checks the buyer token; no back-office session opens it. */
  | 'buyer';

/** The caller of an authenticated request, as its session says. */
export interface CallerSession {
  userId: string;
  tenantId: string;
  username: string;
  /** sha256 of the token: enough to revoke this session, useless to replay. */
  tokenHash: string;
  /** Button-level permission codes of the user's roles, within the user's tenant. */
  permissions: Set<string>;
}

/** Finds the live session of a token; undefined when it is unknown, expired, revoked, or its user cannot sign in. */
export type SessionResolver = (token: string) => Promise<CallerSession | undefined>;

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set on 'authenticated' and permission routes; null on public ones. */
    session: CallerSession | null;
  }
  interface FastifyInstance {
    routeAccessEntries: RouteAccessEntry[];
  }
}

export const TOKEN_HEADER = 'x-access-token';
export const NOT_LOGGED_IN_MESSAGE = '未登录，请先登录';

export class MissingAccessDeclarationError extends Error {
  constructor(method: string, url: string) {
    super(
      `${method} ${url}: an API route must declare config.access ('public', 'authenticated' or { permission })`,
    );
    this.name = 'MissingAccessDeclarationError';
  }
}

function isApiUrl(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
}

function isRouteAccess(value: unknown): value is RouteAccess {
  if (value === 'public' || value === 'authenticated' || value === 'buyer') return true;
  const permission = (value as { permission?: unknown } | null)?.permission;
  const codes: unknown[] = Array.isArray(permission) ? permission : [permission];
  return (
    typeof value === 'object' &&
    codes.length > 0 &&
    codes.every((code) => typeof code === 'string' && code !== '')
  );
}

/** The token a request carries, or undefined when it sent none. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  return token ? token : undefined;
}

/** The codes of a permission route, any one of which lets a caller in. */
export function permissionCodesOf(access: { permission: string | readonly string[] }): readonly string[] {
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

/** The caller of a route declared 'authenticated' or with a permission; a bug to call it on a public route. */
export function sessionOf(request: FastifyRequest): CallerSession {
  if (!request.session) {
    throw new Error(`${request.method} ${request.url} has no session: is its route public?`);
  }
  return request.session;
}

/** Every route registered so far with its access declaration (non-API routes have none). */
export function listRouteAccess(app: FastifyInstance): RouteAccessEntry[] {
  return [...app.routeAccessEntries];
}

async function enforce(
  request: FastifyRequest,
  reply: FastifyReply,
  resolveSession: SessionResolver,
): Promise<FastifyReply | undefined> {
  const access = request.routeOptions.config.access;
  // Routes outside the API (the SPA's files) and unknown paths carry no declaration.
  if (access === undefined || access === 'public' || access === 'buyer') return undefined;
  const token = tokenOf(request);
  if (token === undefined) return sendFailure(reply, 401, NOT_LOGGED_IN_MESSAGE);
  const session = await resolveSession(token);
  if (!session) return sendFailure(reply, 401, TOKEN_EXPIRED_MESSAGE);
  request.session = session;
  if (
    typeof access === 'object' &&
    !permissionCodesOf(access).some((code) => session.permissions.has(code))
  ) {
    return sendFailure(reply, 403, NO_PERMISSION_MESSAGE);
  }
  return undefined;
}

/**
 * Installs the gate on the root instance, before any route is added: routes registered later (plugins,
 * tests' own routes) are all checked.
 */
export function registerAccessGuard(app: FastifyInstance, resolveSession: SessionResolver): void {
  app.decorate('routeAccessEntries', [] as RouteAccessEntry[]);
  app.decorateRequest('session', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access: unknown = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (isApiUrl(route.url) && !isRouteAccess(access)) {
      throw new MissingAccessDeclarationError(methods.join(','), route.url);
    }
    for (const method of methods) {
      app.routeAccessEntries.push({
        method,
        url: route.url,
        access: isRouteAccess(access) ? access : undefined,
      });
    }
  });
  // onRequest, not preHandler: a caller without a session is turned away before its body is read.
  app.addHook('onRequest', (request, reply) => enforce(request, reply, resolveSession));
}
