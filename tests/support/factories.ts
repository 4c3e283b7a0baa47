import { randomBytes } from 'node:crypto';
import type { App } from '../../server/src/app.js';
import { User } from '../../server/src/modules/users/user.entity.js';
import { Role, UserStatus } from '../../server/src/modules/common/roles.js';
import { hashPassword } from '../../server/src/modules/auth/passwords.js';
import { signAccessToken } from '../../server/src/modules/auth/tokens.js';

export interface MadeUser {
  user: User;
  email: string;
  password: string;
  token: string;
}

let n = 0;
/** A user straight in the database (no mail), with a valid access token. */
export async function createUser(
  app: App,
  opts: { role?: Role | `${Role}`; status?: UserStatus | `${UserStatus}`; verified?: boolean; email?: string; fullName?: string } = {},
): Promise<MadeUser> {
  const em = app.orm.em.fork();
  const email = opts.email ?? `user${++n}-${randomBytes(3).toString('hex')}@example.sa`;
  const password = 'Passw0rd!';
  const user = em.create(User, {
    email,
    passwordHash: await hashPassword(password),
    fullName: opts.fullName ?? `Test User ${n}`,
    role: (opts.role as Role) ?? Role.regular,
    status: (opts.status as UserStatus) ?? UserStatus.active,
    emailVerified: opts.verified ?? true,
  });
  await em.flush();
  return { user, email, password, token: signAccessToken(user.id, user.tokenVersion, app.deps.env.jwtSecret, '1h') };
}
