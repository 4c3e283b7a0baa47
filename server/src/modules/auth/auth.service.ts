import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import { conflict, unauthenticated, forbidden, badInput, notFound, tooManyRequests } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { emailOnlySchema, loginSchema, MESSAGES, registerSchema, tokenSchema } from '../../shared/rules.js';
import { User } from '../users/user.entity.js';
import { Role, UserStatus } from '../common/roles.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';
import { verificationEmail } from '../../integrations/mail/templates.js';
import { EmailVerificationToken } from './verification-token.entity.js';
import { claimRowsOfVerifiedEmail } from '../account/verified-email.service.js';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords.js';
import { newOpaqueToken, sha256, signAccessToken } from './tokens.js';
import { consume, isBlocked, recordFailure } from '../common/rate-limits.js';

export interface AuthResult {
  accessToken: string;
  user: User;
}

export class AuthService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private issue(user: User): AuthResult {
    return { accessToken: signAccessToken(user.id, user.tokenVersion, this.deps.env.jwtSecret, this.deps.env.jwtExpiresIn), user };
  }

  /**
   * Registration answers 409 for a taken address (it signs the new user in at once, so it cannot pretend to
   * succeed); an address that gets 10 such answers in an hour is refused further registrations for the hour.
   * Apart from that, one address may attempt REGISTER_MAX_PER_HOUR registrations an hour (default 10).
   */
  async register(raw: unknown, ip: string): Promise<AuthResult> {
    const input = parse(registerSchema, raw);
    const { registerTakenByIp } = this.deps.limits;
    const blocked = await isBlocked(registerTakenByIp, ip);
    if (blocked) throw tooManyRequests(MESSAGES.tooManyRegistrations, Math.ceil(blocked.msBeforeNext / 1000));
    // Every attempt counts, successful or not: each success is a new account and a verification mail.
    await consume(this.deps.limits.registerByIp, ip, MESSAGES.tooManyRegistrations);
    const taken = async () => {
      await recordFailure(registerTakenByIp, ip);
      return conflict(MESSAGES.emailTaken, { field: 'email' });
    };
    if (await this.em.count(User, { email: input.email })) throw await taken();
    const user = this.em.create(User, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      fullName: input.full_name,
      companyName: input.company_name,
      role: input.account_type === 'host_seller' ? Role.host_seller : Role.regular,
      locale: input.locale,
      privacyPolicyVersion: input.privacy_policy_version,
      privacyAcceptedAt: new Date(),
    });
    const token = this.newVerificationToken(user);
    try {
      await this.em.flush();
    } catch (err) {
      // Two registrations racing for one address: the unique index decides.
      if ((err as { code?: string }).code === '23505') throw await taken();
      throw err;
    }
    await this.sendVerification(user, token);
    return this.issue(user);
  }

  async login(raw: unknown, ip: string): Promise<AuthResult> {
    const input = parse(loginSchema, raw);
    const { limits } = this.deps;
    const accountKey = `${input.email}|${ip}`;
    // Checked before the password, and the same for unknown addresses, so a 429 says nothing about the account.
    const blocked =
      (await isBlocked(limits.loginByAccount, accountKey)) ??
      (await isBlocked(limits.loginByEmail, input.email)) ??
      (await isBlocked(limits.loginByIp, ip));
    if (blocked) throw tooManyRequests(MESSAGES.tooManyLogins, Math.ceil(blocked.msBeforeNext / 1000));
    const user = await this.em.findOne(User, { email: input.email }, { populate: ['passwordHash'] });
    const ok = user
      ? await verifyPassword(user.passwordHash, input.password)
      : (await verifyPassword(await timingDummyHash(), input.password), false);
    if (!user || !ok) {
      await recordFailure(limits.loginByIp, ip);
      await recordFailure(limits.loginByEmail, input.email);
      await recordFailure(limits.loginByAccount, accountKey);
      throw unauthenticated(MESSAGES.invalidCredentials);
    }
    if (user.status === UserStatus.suspended) throw forbidden(MESSAGES.accountSuspended);
    if (user.status === UserStatus.inactive) throw forbidden(MESSAGES.accountInactive);
    // Success clears this address's count for the account; the any-IP count runs out by itself, so a guesser
    // spread over many addresses does not get a fresh allowance each time the owner logs in.
    await limits.loginByAccount.delete(accountKey);
    return this.issue(user);
  }

  private newVerificationToken(user: User): string {
    const token = newOpaqueToken();
    this.em.create(EmailVerificationToken, {
      user,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + this.deps.env.emailVerificationTtlSeconds * 1000),
    });
    return token;
  }

  private async sendVerification(user: User, token: string) {
    const link = `${this.deps.env.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send(verificationEmail({ to: user.email, name: user.fullName, link, locale: user.locale }));
    } catch (err) {
      // The account exists either way; the user can ask for a new link.
      console.error('[mail] verification email failed', err);
    }
  }

  /** Single use, 24 h. The message of an expired link contains "expired" (the client shows the Link Expired view). */
  async verifyEmail(raw: unknown): Promise<User> {
    const { token } = parse(tokenSchema, raw);
    const row = await this.em.findOne(EmailVerificationToken, { tokenHash: sha256(token) }, { populate: ['user'] });
    if (!row || row.usedAt) throw badInput(MESSAGES.verificationInvalid);
    if (row.expiresAt.getTime() < Date.now()) throw badInput(MESSAGES.verificationExpired);
    row.usedAt = new Date();
    const user = row.user;
    if (!user.emailVerified) {
      user.emailVerified = true;
      user.emailVerifiedAt = new Date();
    }
    await this.em.flush();
    await claimRowsOfVerifiedEmail((sql, params) => this.em.getConnection().execute(sql, params), user.id, user.email);
    this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
    return user;
  }

  /**
   * Sends a new link when the address belongs to an unverified account. The answer is the same whether or not
   * the account exists, and so is its timing: the look-up, the new token and the mail happen after the answer
   * (their failures are logged), so neither the reply nor how long it takes tells who has an account.
   */
  async resendVerification(raw: unknown, ip: string): Promise<string> {
    const { email } = parse(emailOnlySchema, raw);
    await consume(this.deps.limits.verificationByIp, ip, MESSAGES.tooManyVerificationEmails);
    await consume(this.deps.limits.verificationByEmail, email, MESSAGES.tooManyVerificationEmails);
    const detached = new AuthService(this.em.fork(), this.deps);
    void detached.sendNewLink(email).catch((err) => console.error('[mail] resending a verification link failed', err));
    return MESSAGES.verificationSent;
  }

  private async sendNewLink(email: string): Promise<void> {
    const user = await this.em.findOne(User, { email });
    if (!user || user.emailVerified || user.status !== UserStatus.active) return;
    await this.em.nativeUpdate(EmailVerificationToken, { user, usedAt: null }, { usedAt: new Date() });
    const token = this.newVerificationToken(user);
    await this.em.flush();
    await this.sendVerification(user, token);
  }

  async requireUser(id: string): Promise<User> {
    const user = await this.em.findOne(User, { id });
    if (!user) throw notFound('User not found');
    return user;
  }
}
