/**
 * Ties to an account the inquiries and newsletter subscription sent with its address before the account existed or
 * before the address was proved. Called only when the address has just been verified (a verification or email
 * change link reached it): an unverified account never gets them, so registering with someone else's address reveals
 * nothing of theirs (issue #36). Rows already tied to an account are left alone.
 */
export async function claimRowsOfVerifiedEmail(
  execute: (sql: string, params: unknown[]) => Promise<unknown>,
  userId: string,
  email: string,
): Promise<void> {
  await execute(`update inquiries set user_id = ?, updated_at = now() where user_id is null and email = ?`, [userId, email]);
  await execute(`update newsletter_subscribers set user_id = ? where user_id is null and email = ?`, [userId, email]);
}
