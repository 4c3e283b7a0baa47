import type { Deps } from '../../deps.js';
import type { User } from '../users/user.entity.js';
import { accountNoticeEmail, type AccountNotice } from '../../integrations/mail/account-templates.js';

/**
 * Tells the owner by mail, in their language, that something happened to their account, with a link to
 * /forgot-password in case it was not them. A failure is logged, not thrown: the change is made either way.
 * `to` overrides the address (the old one, after an email change).
 */
export async function sendAccountNotice(deps: Deps, user: User, notice: AccountNotice, to: string = user.email): Promise<void> {
  try {
    await deps.mailer.send(
      accountNoticeEmail({ to, name: user.fullName, notice, locale: user.locale, resetLink: `${deps.env.appUrl}/forgot-password` }),
    );
  } catch (err) {
    console.error(`[mail] ${notice} notice failed`, err);
  }
}
