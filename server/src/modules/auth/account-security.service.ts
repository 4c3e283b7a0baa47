import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { badInput, conflict, tooManyRequests } from '../common/errors.js';
import { parse } from '../common/validate.js';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailChangeTokenSchema,
  emailOnlySchema,
  MESSAGES,
  resetPasswordSchema,
} from '../../shared/rules.js';
import { User } from '../users/user.entity.js';
import { UserStatus } from '../common/roles.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';
import { AuditService } from '../audit/audit.service.js';
import { emailChangeEmail, emailTakenEmail, passwordResetEmail, type AccountNotice } from '../../integrations/mail/account-templates.js';
import { sendAccountNotice } from '../common/account-notice.js';
import { PasswordResetToken } from './password-reset-token.entity.js';
import { EmailChangeToken } from './email-change-token.entity.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { claimRowsOfVerifiedEmail } from '../account/verified-email.service.js';
import { consume, isBlocked, recordFailure } from '../common/rate-limits.js';
import { newOpaqueToken, sha256, signAccessToken } from './tokens.js';
import type { AuthResult } from './auth.service.js';

/** How long a password reset link works. */
const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Sessions and passwords of one's own account. A session is an access token; each carries its account's session
 * version (users.token_version), and ending sessions means moving that version on in the database: every request
 * and WebSocket connection compares it (graphql/context.ts authenticate), the live access cache compares it per
 * event, and USER_CHANGED closes open sockets on every instance.
 */
export class AccountSecurityService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /** A token for the user's current session version. */
  issueToken(user: User): string {
    return signAccessToken(user.id, user.tokenVersion, this.deps.env.jwtSecret, this.deps.env.jwtExpiresIn);
  }

  /** Ends every session of the account, the caller's included. */
  async logoutAll(user: User): Promise<string> {
    await this.endSessions(user, 'account.logout_all');
    await this.notify(user, 'logout_all');
    return MESSAGES.signedOutEverywhere;
  }

  /**
   * Mails a reset link when the address belongs to an active account. The answer is the same whether or not it
   * does, and so is its timing: the look-up, the token and the mail happen after the answer (failures are logged).
   * Limited per IP and per address, counted the same for unknown addresses.
   */
  async forgotPassword(raw: unknown, ip: string): Promise<string> {
    const { email } = parse(emailOnlySchema, raw);
    await consume(this.deps.limits.passwordResetByIp, ip, MESSAGES.tooManyPasswordResets);
    await consume(this.deps.limits.passwordResetByEmail, email, MESSAGES.tooManyPasswordResets);
    const detached = new AccountSecurityService(this.em.fork(), this.deps);
    void detached.sendResetLink(email).catch((err) => console.error('[mail] sending a password reset link failed', err));
    return MESSAGES.passwordResetSent;
  }

  private async sendResetLink(email: string): Promise<void> {
    const user = await this.em.findOne(User, { email });
    if (!user || user.status !== UserStatus.active) return;
    // Only the newest link works.
    await this.em.nativeUpdate(PasswordResetToken, { user, usedAt: null }, { usedAt: new Date() });
    const token = newOpaqueToken();
    this.em.create(PasswordResetToken, { user, tokenHash: sha256(token), expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) });
    new AuditService(this.em, this.deps).record(user, 'account.password_reset_requested', 'user', user.id, null, null, user.email);
    await this.em.flush();
    const link = `${this.deps.env.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(passwordResetEmail({ to: user.email, name: user.fullName, link, locale: user.locale }));
  }

  /**
   * Sets a new password with a reset link's token: single use (claimed by a conditional update in the same
   * transaction as the new password, so of two uses at once one wins), one hour, and every session ends.
   * An expired link's message says "expired" (the client shows its Link Expired view).
   */
  async resetPassword(raw: unknown): Promise<string> {
    const input = parse(resetPasswordSchema, raw);
    const row = await this.em.findOne(PasswordResetToken, { tokenHash: sha256(input.token) }, { populate: ['user'] });
    if (!row || row.usedAt) throw badInput(MESSAGES.passwordResetInvalid);
    if (row.expiresAt.getTime() < Date.now()) throw badInput(MESSAGES.passwordResetExpired);
    const user = row.user;
    await this.endSessions(user, 'account.password_reset', await hashPassword(input.password), async (tx) => {
      const claimed = await tx.nativeUpdate(PasswordResetToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
      if (!claimed) throw badInput(MESSAGES.passwordResetInvalid);
      await tx.nativeUpdate(PasswordResetToken, { user: user.id, usedAt: null }, { usedAt: new Date() });
    });
    await this.notify(user, 'password_reset');
    return MESSAGES.passwordResetDone;
  }

  /**
   * Changes the password of the signed-in user: the current one is required (wrong guesses count against the
   * account like failed logins), every session ends, and the caller gets a token of the new session.
   */
  async changePassword(user: User, raw: unknown): Promise<AuthResult> {
    const input = parse(changePasswordSchema, raw);
    await this.checkPassword(user, input.current_password);
    await this.endSessions(user, 'account.password_change', await hashPassword(input.new_password));
    await this.notify(user, 'password_changed');
    return { accessToken: this.issueToken(user), user };
  }

  /**
   * Asks to change the login email: the current password is required (wrong guesses count like failed logins) and
   * a single-use link (as long as a verification link) goes to the new address; nothing changes until it is
   * opened. A new request voids the older links. An address that already has an account is answered exactly as a
   * free one (same status, same message, one mail sent either way), so the answer tells nobody who has an account:
   * instead of a link, its owner gets a notice in their own language. Requests are limited per account per hour
   * (counted before the password is checked, taken addresses included), and mails to one address per hour.
   */
  async requestEmailChange(user: User, raw: unknown): Promise<string> {
    const input = parse(changeEmailSchema, raw);
    await consume(this.deps.limits.emailChangeByAccount, user.id, MESSAGES.tooManyEmailChanges);
    await this.checkPassword(user, input.current_password);
    if (input.new_email === user.email.toLowerCase()) throw badInput(MESSAGES.emailUnchanged, { field: 'new_email' });
    await consume(this.deps.limits.verificationByEmail, input.new_email, MESSAGES.tooManyVerificationEmails);
    // Both answers leave the same traces: the older links voided and the request in the account's own activity
    // (which its export shows), so neither a link that stopped working nor the export tells a taken address apart.
    await this.em.nativeUpdate(EmailChangeToken, { user, usedAt: null }, { usedAt: new Date() });
    new AuditService(this.em, this.deps).record(
      user,
      'account.email_change_requested',
      'user',
      user.id,
      null,
      { new_email: input.new_email },
      user.email,
    );
    const owner = await this.em.findOne(User, { email: input.new_email });
    if (owner) {
      await this.em.flush();
      try {
        await this.deps.mailer.send(
          emailTakenEmail({ to: owner.email, name: owner.fullName, locale: owner.locale, signInLink: `${this.deps.env.appUrl}/login` }),
        );
      } catch (err) {
        console.error('[mail] email taken notice failed', err);
      }
      return MESSAGES.emailChangeSent;
    }
    const token = newOpaqueToken();
    this.em.create(EmailChangeToken, {
      user,
      newEmail: input.new_email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + this.deps.env.emailVerificationTtlSeconds * 1000),
    });
    await this.em.flush();
    const link = `${this.deps.env.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send(emailChangeEmail({ to: input.new_email, name: user.fullName, link, locale: user.locale }));
    } catch (err) {
      // The request stands; the user can ask again.
      console.error('[mail] email change link failed', err);
    }
    return MESSAGES.emailChangeSent;
  }

  /**
   * Makes the link's address the login email: single use (claimed in the same transaction as the change), expires,
   * and the address counts as verified (the link reached it). The old address is told. Sessions stay: the
   * password did not change. An address taken meanwhile is refused (409) and the link stays unused.
   */
  async confirmEmailChange(raw: unknown): Promise<User> {
    const { token } = parse(emailChangeTokenSchema, raw);
    const row = await this.em.findOne(EmailChangeToken, { tokenHash: sha256(token) }, { populate: ['user'] });
    if (!row || row.usedAt) throw badInput(MESSAGES.emailChangeInvalid);
    if (row.expiresAt.getTime() < Date.now()) throw badInput(MESSAGES.emailChangeExpired);
    const user = row.user;
    const oldEmail = user.email;
    try {
      await this.em.transactional(async (tx) => {
        const claimed = await tx.nativeUpdate(EmailChangeToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
        if (!claimed) throw badInput(MESSAGES.emailChangeInvalid);
        await tx.execute(
          'update users set email = ?, email_verified = true, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = ?',
          [row.newEmail, user.id],
        );
        await claimRowsOfVerifiedEmail((sql, params) => tx.execute(sql, params), user.id, row.newEmail);
        new AuditService(tx, this.deps).record(
          { id: user.id, email: row.newEmail },
          'account.email_change',
          'user',
          user.id,
          { email: oldEmail },
          { email: row.newEmail },
          row.newEmail,
        );
        await tx.flush();
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw conflict(MESSAGES.emailTaken);
      throw err;
    }
    await this.em.refresh(user);
    this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
    await sendAccountNotice(this.deps, user, 'email_changed', oldEmail);
    return user;
  }

  /** The current password, checked like a login: blocked while the account's any-IP limit is spent, failures counted. */
  async checkPassword(user: User, password: string): Promise<void> {
    const { loginByEmail } = this.deps.limits;
    const blocked = await isBlocked(loginByEmail, user.email);
    if (blocked) throw tooManyRequests(MESSAGES.tooManyLogins, Math.ceil(blocked.msBeforeNext / 1000));
    const current = await this.em.findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
    if (!(await verifyPassword(current.passwordHash, password))) {
      await recordFailure(loginByEmail, user.email);
      throw badInput(MESSAGES.currentPasswordWrong, { field: 'current_password' });
    }
  }

  /**
   * Moves the session version on (atomically, so two concurrent bumps both count), optionally with a new password
   * hash in the same statement, and records the action in the audit log, all in one transaction (`first` runs in
   * it before the update and may refuse). The loaded entity is brought up to date, so a token issued from it
   * afterwards belongs to the new session version.
   */
  private async endSessions(
    user: User,
    action: string,
    passwordHash?: string,
    first?: (tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.em.transactional(async (tx) => {
      await first?.(tx);
      const sql = passwordHash
        ? 'update users set token_version = token_version + 1, password_hash = ?, updated_at = now() where id = ? returning token_version'
        : 'update users set token_version = token_version + 1, updated_at = now() where id = ? returning token_version';
      await tx.execute(sql, passwordHash ? [passwordHash, user.id] : [user.id]);
      // Never the hash itself: only that the password changed.
      new AuditService(tx, this.deps).record(
        user,
        action,
        'user',
        user.id,
        null,
        { sessions_ended: true, ...(passwordHash ? { password_changed: true } : {}) },
        user.email,
      );
      await tx.flush();
    });
    // Reloads the row, so the entity (and the identity map's snapshot) carry the new version and a later flush
    // does not write an old one back.
    await this.em.refresh(user);
    this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
  }

  private notify(user: User, notice: AccountNotice): Promise<void> {
    return sendAccountNotice(this.deps, user, notice);
  }
}
