import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { profileSchema } from '../../shared/rules.js';
import type { User } from './user.entity.js';
import { USER_TOPICS, type UserChangedEvent } from './user.events.js';
import { AuditService } from '../audit/audit.service.js';
import { sendAccountNotice } from '../common/account-notice.js';

/** The profile fields the audit row compares (the values of one's own profile, no secret among them). */
const PROFILE_FIELDS = ['fullName', 'companyName', 'phone', 'locale', 'vatNumber', 'crNumber', 'nationalAddress'] as const;
type ProfileSnapshot = Partial<Record<(typeof PROFILE_FIELDS)[number], unknown>>;

export class UserService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * Saves the profile; the audit row names the fields that changed (before and after) and the owner is told by
   * mail, in the language just chosen. Saving without a change writes nothing and mails nothing.
   */
  async updateProfile(user: User, raw: unknown): Promise<User> {
    const input = parse(profileSchema, raw);
    const before: ProfileSnapshot = Object.fromEntries(PROFILE_FIELDS.map((k) => [k, user[k]]));
    user.fullName = input.full_name;
    user.companyName = input.company_name;
    user.phone = input.phone;
    if (input.locale) user.locale = input.locale;
    if (input.vat_number !== undefined) user.vatNumber = input.vat_number;
    if (input.cr_number !== undefined) user.crNumber = input.cr_number;
    if (input.national_address !== undefined) user.nationalAddress = input.national_address;
    const changed = PROFILE_FIELDS.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(user[k]));
    if (changed.length === 0) return user;
    const pick = (from: ProfileSnapshot) => Object.fromEntries(changed.map((k) => [k, from[k] ?? null]));
    const after: ProfileSnapshot = Object.fromEntries(PROFILE_FIELDS.map((k) => [k, user[k]]));
    new AuditService(this.em, this.deps).record(user, 'account.profile_update', 'user', user.id, pick(before), pick(after), user.email);
    await this.em.flush();
    this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
    await sendAccountNotice(this.deps, user, 'profile_updated');
    return user;
  }
}
