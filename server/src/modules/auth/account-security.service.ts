import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { User } from '../users/user.entity.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';
import { AuditService } from '../audit/audit.service.js';
import { accountNoticeEmail, type AccountNotice } from '../../integrations/mail/account-templates.js';
import { signAccessToken } from './tokens.js';

export const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device.';

/**
 * Sessions and passwords of one's own account. A session is an access token; each carries its account's session
 * version (users.token_version), and ending sessions means moving that version on in the database: every request
 * and WebSocket connection compares it (graphql/context.ts authenticate), the live access cache compares it per
 * event, and USER_CHANGED closes open sockets on every instance.
 */
export class AccountSecurityService {
  constructor(private em: EntityManager, private deps: Deps) {}

  /** A token for the user's current session version. */
  issueToken(user: User): string {
    return signAccessToken(user.id, user.tokenVersion, this.deps.env.jwtSecret, this.deps.env.jwtExpiresIn);
  }

  /** Ends every session of the account, the caller's included. */
  async logoutAll(user: User): Promise<string> {
    await this.endSessions(user, 'account.logout_all');
    await this.notify(user, 'logout_all');
    return SIGNED_OUT_EVERYWHERE;
  }

  /**
   * Moves the session version on (atomically, so two concurrent bumps both count), optionally with a new password
   * hash in the same statement, and records the action in the audit log in the same transaction. The loaded entity
   * is brought up to date, so a token issued from it afterwards belongs to the new session version.
   */
  protected async endSessions(user: User, action: string, passwordHash?: string): Promise<void> {
    await this.em.transactional(async (tx) => {
      const sql = passwordHash
        ? 'update users set token_version = token_version + 1, password_hash = ?, updated_at = now() where id = ? returning token_version'
        : 'update users set token_version = token_version + 1, updated_at = now() where id = ? returning token_version';
      const rows: Array<{ token_version: number }> = await tx.execute(sql, passwordHash ? [passwordHash, user.id] : [user.id]);
      new AuditService(tx, this.deps).record(user, action, 'user', user.id, null, { sessions_ended: true, ...(passwordHash ? { password_changed: true } : {}) }, user.email);
      await tx.flush();
      user.tokenVersion = rows[0].token_version;
    });
    // Keeps the identity map's snapshot in step with the row, so a later flush does not write the version back.
    await this.em.refresh(user);
    this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
  }

  protected async notify(user: User, notice: AccountNotice): Promise<void> {
    try {
      await this.deps.mailer.send(accountNoticeEmail({ to: user.email, name: user.fullName, notice, locale: user.locale, resetLink: `${this.deps.env.appUrl}/forgot-password` }));
    } catch (err) {
      // The change is made either way; the notice is a courtesy.
      console.error(`[mail] ${notice} notice failed`, err);
    }
  }
}
