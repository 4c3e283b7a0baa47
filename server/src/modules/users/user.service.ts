import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { profileSchema } from '../../shared/rules.js';
import type { User } from './user.entity.js';
import { USER_TOPICS, type UserChangedEvent } from './user.events.js';

export class UserService {
  constructor(private em: EntityManager, private deps: Deps) {}

  async updateProfile(user: User, raw: unknown): Promise<User> {
    const input = parse(profileSchema, raw);
    user.fullName = input.full_name;
    user.companyName = input.company_name;
    user.phone = input.phone;
    if (input.locale) user.locale = input.locale;
    await this.em.flush();
    this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
    return user;
  }
}
