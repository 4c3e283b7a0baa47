import type { User } from './user.entity.js';

/** The REST shape of a user (spec section 3, snake_case). */
export function userDto(u: User) {
  return {
    id: u.id,
    email: u.email,
    full_name: u.fullName,
    company_name: u.companyName,
    phone: u.phone,
    role: u.role,
    status: u.status,
    email_verified: u.emailVerified,
    locale: u.locale,
    vat_number: u.vatNumber,
    cr_number: u.crNumber,
    national_address: u.nationalAddress,
    privacy_policy_version: u.privacyPolicyVersion,
    privacy_accepted_at: u.privacyAcceptedAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
  };
}
