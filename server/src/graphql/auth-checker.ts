import type { AuthChecker } from 'type-graphql';
import type { Ctx } from './context.js';
import { forbidden, unauthenticated } from '../modules/common/errors.js';
import type { Role } from '../modules/common/roles.js';

/** `@Authorized()` needs a logged-in user; `@Authorized(Role.admin)` one of the listed roles. */
export const authChecker: AuthChecker<Ctx, Role> = ({ context }, roles) => {
  if (!context.user) throw unauthenticated();
  if (roles.length && !roles.includes(context.user.role)) throw forbidden();
  return true;
};
