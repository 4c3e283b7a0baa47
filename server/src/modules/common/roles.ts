import { registerEnumType } from 'type-graphql';
import { forbidden, unauthenticated } from './errors.js';

export enum Role {
  regular = 'regular',
  host_seller = 'host_seller',
  admin = 'admin',
}

export enum UserStatus {
  active = 'active',
  inactive = 'inactive',
  suspended = 'suspended',
}

registerEnumType(Role, {
  name: 'Role',
  description: 'What a user may do: book (regular), also list (host_seller), run the platform (admin)',
});
registerEnumType(UserStatus, { name: 'UserStatus' });

/**
 * The old product's helpers spoke ADMIN / SUPER_ADMIN / CREATOR; the pages spoke lowercase.
 * Both readings enter here and nowhere else (spec section 6).
 */
export function normalizeRole(value: string | null | undefined): Role | undefined {
  switch ((value ?? '').trim().toLowerCase()) {
    case 'admin':
    case 'super_admin':
      return Role.admin;
    case 'host_seller':
    case 'creator':
    case 'host':
    case 'seller':
      return Role.host_seller;
    case 'regular':
    case 'user':
      return Role.regular;
    default:
      return undefined;
  }
}

export const isAdmin = (role: Role) => role === Role.admin;
export const canListResources = (role: Role) => role === Role.admin || role === Role.host_seller;

/**
 * The one admin check of the services (the doors check the role too; a service called from elsewhere must not trust
 * that): signed in (401), an admin whose account is active (403). Returns the admin for chaining.
 */
export function requireAdmin<T extends { role: Role; status: UserStatus }>(actor: T | null | undefined): T {
  if (!actor) throw unauthenticated();
  if (actor.role !== Role.admin || actor.status !== UserStatus.active) throw forbidden();
  return actor;
}
