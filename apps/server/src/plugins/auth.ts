import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../app-deps';
import { AppError, unauthenticated } from '../errors';
import { principalFromToken, SESSION_COOKIE } from '../sessions/session-store';
import type { Principal } from '../policy/principal';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Services pass it to the policy module. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (health, sign-in). Every other /api/v1 route needs one. */
    public?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Session cookie -> principal on every request; 401 for /api/v1 routes not marked public. Cross-site request forgery: the cookie is
 * SameSite=Lax, and a state-changing request whose Origin is another site is refused.
 */
export const authPlugin = fp(async (app: FastifyInstance, { deps }: { deps: AppDeps }) => {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (UNSAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {
          host = undefined;
        }
        if (host !== request.headers.host) throw new AppError('FORBIDDEN', 'Cross-site requests are not accepted');
      }
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.principal = await principalFromToken(deps.database.db, token, deps.clock());
    // Before body validation, so an anonymous caller learns nothing about a route but "sign in".
    if (
      !request.principal &&
      request.url.startsWith('/api/v1/') &&
      !request.is404 &&
      !request.routeOptions.config.public
    ) {
      throw unauthenticated();
    }
  });
});
