import type { EntityManager } from '@mikro-orm/postgresql';
import { ReferenceKind } from '@mikro-orm/core';
import { GraphQLError } from 'graphql';
import type { Deps } from '../deps.js';
import { createServices, type Services } from '../modules/services.js';
import { User } from '../modules/users/user.entity.js';
import { UserStatus } from '../modules/common/roles.js';
import { bearerToken, verifyAccessToken } from '../modules/auth/tokens.js';
import { readRows } from '../db/read.js';
import type { LiveTarget } from './live-hub.js';

export interface Ctx {
  em: EntityManager;
  user: User | null;
  ip: string;
  deps: Deps;
  services: Services;
  /** Subscriptions only: the socket and operation id the live hub writes this subscription's events to. */
  live?: LiveTarget;
  /**
   * A request of the server's own page rendering (public-pages/server-render.ts): it reads as a visitor and counts
   * no listing view — the browser that then shows the page asks again and that one counts.
   */
  serverRender?: boolean;
}

/** The header the server's page rendering marks its GraphQL requests with. */
export const SERVER_RENDER_HEADER = 'x-mawarid-render';

class SessionError extends GraphQLError {
  constructor(message = 'Your session has expired. Please log in again.') {
    super(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
  }
}

/**
 * Who is calling. No token: a visitor. A token that is invalid, expired, belongs to a user who no longer
 * exists or is not active, or was issued under an older session version (signed out everywhere, password
 * reset or changed): refused with 401, so a suspended user cannot call anything and the client clears its
 * session. The user is read from the database on every call, so a revocation holds on every instance at once.
 */
export async function authenticate(em: EntityManager, deps: Deps, authorization: unknown): Promise<User | null> {
  if (authorization === undefined || authorization === null || authorization === '') return null;
  const token = bearerToken(authorization);
  const claims = token ? verifyAccessToken(token, deps.env.jwtSecret) : null;
  if (!claims) throw new SessionError();
  // Read as a plain row and made an entity only once it passes: a primary-key read through `findOne` (query
  // builder, knex, hydration) cost several times the round trip, on every authenticated request.
  const [row] = await readRows<UserRow>(em, userSelect(em), [claims.sub], { prepared: true });
  if (!row || row.status !== UserStatus.active || row.token_version !== claims.ver) throw new SessionError();
  return em.map(User, row);
}

/**
 * Every scalar column of `users` but the lazy ones (the password hash), from the entity's metadata so that a
 * column added to the entity is in the session's user too.
 */
let userSql: string | undefined;
function userSelect(em: EntityManager): string {
  if (userSql) return userSql;
  const props = Object.values(em.getMetadata().get(User.name).properties);
  const columns = props.filter((p) => p.kind === ReferenceKind.SCALAR && !p.lazy && p.persist !== false).flatMap((p) => p.fieldNames);
  return (userSql = `select ${columns.map((c) => `"${c}"`).join(', ')} from users where id = $1`);
}

interface UserRow {
  status: UserStatus;
  token_version: number;
  [column: string]: unknown;
}

export async function createContext(deps: Deps, req: { authorization: unknown; ip: string; serverRender?: boolean }): Promise<Ctx> {
  const em = deps.orm.em.fork() as EntityManager;
  const user = await authenticate(em, deps, req.authorization);
  return { em, user, ip: req.ip, deps, services: createServices(em, deps), serverRender: req.serverRender };
}
