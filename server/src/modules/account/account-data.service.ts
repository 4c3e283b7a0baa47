import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import type { User } from '../users/user.entity.js';
import { userDto } from '../users/user.dto.js';
import { AuditService } from '../audit/audit.service.js';
import { sendAccountNotice } from '../common/account-notice.js';
import { AccountSecurityService } from '../auth/account-security.service.js';
import { randomBytes } from 'node:crypto';
import { conflict } from '../common/errors.js';
import { parse } from '../common/validate.js';
import { deleteAccountSchema, MESSAGES } from '../../shared/rules.js';
import { owedByHost } from '../payouts/payout.service.js';
import { DELETED_MESSAGE_BODY } from '../../shared/messages.rules.js';
import { Role } from '../common/roles.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';
import { RESOURCE_TOPICS, type ResourceChangedEvent } from '../resources/resource.events.js';
import { publicListCache } from '../../cache/public-list.cache.js';
import { BOOKING_TOPICS, type BookingChangedEvent } from '../bookings/booking.events.js';
import { SERVICE_BOOKING_TOPICS, type ServiceBookingEvent } from '../service-bookings/service-booking.events.js';
import { closeServiceBookingsOfDeletedAccount } from '../service-bookings/service-booking.service.js';

type Row = Record<string, unknown>;

/** Version of the export's shape: a reader can tell what to expect. */
const EXPORT_FORMAT_VERSION = 1;

/**
 * The personal data rights of the PDPL over one's own account: a copy of everything the platform holds about the
 * user (export). Only the account itself is asked for; other people's data that touches it (the customers of a
 * host's bookings) is left out or reduced to what is the user's own.
 */
export class AccountDataService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private rows(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params);
  }

  /**
   * Profile, bookings made, bookings of one's listings (dates and amounts, no customer), payments without card data,
   * issued invoices (their card block emptied), inquiries and consultation requests (by account or by address),
   * listings, the newsletter subscription, conversations and their messages, favourites, and the account's own activity in the audit log (what and when, not
   * which admin). Audited and noticed by mail.
   */
  async export(user: User): Promise<Row> {
    const [me] = await this.rows(`select email_verified_at, updated_at from users where id = ?`, [user.id]);
    const bookings = await this.rows(
      `select b.id, b.resource_id, r.title as resource_title, b.start_date, b.end_date, b.periods, b.unit_price, b.total_amount, b.currency,
              b.status, b.payment_status, b.cancelled_at, b.created_at
         from bookings b join resources r on r.id = b.resource_id where b.user_id = ? order by b.created_at`,
      [user.id],
    );
    const bookingsReceived = await this.rows(
      `select b.id, b.resource_id, r.title as resource_title, b.start_date, b.end_date, b.periods, b.total_amount, b.currency, b.status, b.payment_status, b.created_at
         from bookings b join resources r on r.id = b.resource_id where r.owner_id = ? order by b.created_at`,
      [user.id],
    );
    // No card brand, no last digits, no gateway error text: nothing of the card.
    const payments = await this.rows(
      `select id, booking_id, service_booking_id, method, gateway, status, subtotal, vat, amount, currency, invoice_id, payment_id, transaction_id,
              invoice_number::text as invoice_number, paid_at, created_at
         from payments where user_id = ? order by created_at`,
      [user.id],
    );
    const invoices = (
      await this.rows(`select invoice_snapshot from payments where user_id = ? and invoice_snapshot is not null order by invoice_number`, [
        user.id,
      ])
    ).map((r) => {
      const snap = { ...(r.invoice_snapshot as Row) };
      if (snap.payment) snap.payment = { ...(snap.payment as Row), card_brand: null, card_last4: null };
      return snap;
    });
    const inquiries = await this.rows(
      `select id, service_type, full_name, email::text as email, company_name, message, status, preferred_date::text as preferred_date, preferred_time, locale, created_at
         from inquiries where user_id = ? or email = ? order by created_at`,
      [user.id, user.email],
    );
    const listings = await this.rows(
      `select id, title, description, category, resource_type, file_format, price, currency, period, location, availability, images, tags,
              status, rejection_reason, views_count, created_at, updated_at, deleted_at
         from resources where owner_id = ? order by created_at`,
      [user.id],
    );
    const [newsletter] = await this.rows(
      `select email::text as email, locale, created_at, confirmed_at, unsubscribed_at from newsletter_subscribers where email = ?`,
      [user.email],
    );
    // The user's conversations and every message in them: what they wrote, and what was written to them (the other
    // side is named only as "customer" or "host", by their role in that conversation, not by account).
    const conversations = await this.rows(
      `select c.id, c.resource_id, r.title as resource_title, case when c.customer_id = ? then 'customer' else 'host' end as my_role,
              c.booking_id, c.created_at, c.last_message_at
         from conversations c join resources r on r.id = c.resource_id where c.customer_id = ? or c.host_id = ? order by c.created_at`,
      [user.id, user.id, user.id],
    );
    const messages = await this.rows(
      `select m.id, m.conversation_id, (m.sender_id = ?) as from_me, m.body, m.booking_id, m.created_at
         from messages m join conversations c on c.id = m.conversation_id
        where c.customer_id = ? or c.host_id = ? order by m.created_at, m.id`,
      [user.id, user.id, user.id],
    );
    // Saved listings, those that have since left the marketplace too (the user's data either way).
    const favorites = await this.rows(
      `select f.resource_id, r.title as resource_title, f.created_at
         from favorites f join resources r on r.id = f.resource_id where f.user_id = ? order by f.created_at, f.id`,
      [user.id],
    );
    const activity = await this.rows(
      `select action, created_at from audit_log where entity_type = 'user' and entity_id = ? order by created_at`,
      [user.id],
    );

    new AuditService(this.em, this.deps).record(user, 'account.export', 'user', user.id, null, null, user.email);
    await this.em.flush();
    await sendAccountNotice(this.deps, user, 'data_exported');
    return {
      format_version: EXPORT_FORMAT_VERSION,
      exported_at: new Date().toISOString(),
      profile: { ...userDto(user), email_verified_at: me?.email_verified_at ?? null, updated_at: me?.updated_at ?? null },
      bookings,
      bookings_received: bookingsReceived,
      payments,
      invoices,
      inquiries,
      listings,
      newsletter: newsletter ?? null,
      conversations,
      messages,
      favorites,
      account_activity: activity,
    };
  }
}

/** What deleting an account changed, for the events sent after the commit. */
interface Deleted {
  bookings: Array<{ id: string; resource_id: string; user_id: string; owner_id: string }>;
  listings: Array<{ id: string; status: string }>;
  serviceBookings: Array<{ id: string; status: string }>;
}

export class AccountDeletionService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  /**
   * Deletes the account at its owner's request (password required, checked like a login). Refused while the user
   * has paid upcoming bookings, as customer or host (service bookings too), or is the last active admin. Otherwise, in one transaction:
   * unpaid upcoming bookings (theirs and on their listings) and open unpaid upcoming service bookings are cancelled, listings leave the marketplace (soft
   * deleted, so past bookings and invoices keep their title), inquiries are anonymised, the messages they wrote are
   * erased (their conversations stay for the other side), the newsletter
   * subscription and pending links are removed, the card details on payment rows are cleared (the rows and the
   * issued invoices stay: tax records), and the user row is anonymised and closed (status inactive, every
   * session ended), which frees the address for a new registration. The owner is told at the old address.
   */
  async delete(user: User, raw: unknown): Promise<string> {
    const { password } = parse(deleteAccountSchema, raw);
    await new AccountSecurityService(this.em, this.deps).checkPassword(user, password);
    const old = { email: user.email, name: user.fullName, locale: user.locale };
    const gone = `deleted-${user.id}@deleted.invalid`;
    const changed = await this.em.transactional(async (tx): Promise<Deleted> => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const q = <T extends object>(sql: string, params: unknown[]) => conn.execute<T[]>(sql, params, 'all', ctx);
      // Locks the account, and (for the admin check) every admin row, so two admins cannot both leave at once.
      await q(`select id from users where id = ? for update`, [user.id]);
      if (user.role === Role.admin) {
        const others = await q<{ n: number }>(
          `select count(*)::int as n from (select id from users where role = 'admin' and status = 'active' and id <> ? for update) a`,
          [user.id],
        );
        if (others[0].n === 0) throw conflict(MESSAGES.deleteLastAdmin);
      }
      // A host that owes the platform (a refund of a held share already transferred) would leave with the money.
      if ((await owedByHost(q, user.id)) > 0) throw conflict(MESSAGES.deleteOwesPlatform);
      // Locks the listings so a booking on them cannot be paid for between the check and the cancellation.
      await q(`select id from resources where owner_id = ? for update`, [user.id]);
      const paid = await q<{ n: number }>(
        `select count(*)::int as n from bookings b join resources r on r.id = b.resource_id
          where (b.user_id = ? or r.owner_id = ?) and b.end_date > now() and b.status <> 'cancelled'
            and (b.payment_status = 'paid' or b.status in ('confirmed', 'active'))`,
        [user.id, user.id],
      );
      if (paid[0].n > 0) throw conflict(MESSAGES.deleteHasPaidBookings);
      const serviceBookings = await closeServiceBookingsOfDeletedAccount(q, user.id, MESSAGES.deleteHasPaidBookings);
      const bookings = await q<Deleted['bookings'][number]>(
        `update bookings b set status = 'cancelled', cancelled_at = now(), updated_at = now()
           from resources r
          where r.id = b.resource_id and (b.user_id = ? or r.owner_id = ?) and b.end_date > now() and b.status = 'pending'
        returning b.id, b.resource_id, b.user_id, r.owner_id`,
        [user.id, user.id],
      );
      const listings = await q<Deleted['listings'][number]>(
        `update resources set deleted_at = now(), updated_at = now() where owner_id = ? and deleted_at is null returning id, status`,
        [user.id],
      );
      await q(
        `update inquiries set full_name = 'Deleted user', email = ?, company_name = null, message = '[deleted]', user_id = null, updated_at = now() where user_id = ? or email = ?`,
        [gone, user.id, old.email],
      );
      await q(`delete from newsletter_subscribers where email = ?`, [old.email]);
      await q(`delete from favorites where user_id = ?`, [user.id]);
      // Conversations stay for the other participant (their correspondence), with this side shown as "Deleted user";
      // what this user wrote is erased, and nothing more can be sent to them (MessageService refuses, 409).
      await q(`update messages set body = ?, updated_at = now() where sender_id = ?`, [DELETED_MESSAGE_BODY, user.id]);
      // An advisor who leaves takes no new bookings (the meetings already made stay for the admin team to move).
      await q(`update advisors set active = false, updated_at = now() where user_id = ?`, [user.id]);
      for (const table of ['email_verification_tokens', 'password_reset_tokens', 'email_change_tokens'])
        await q(`delete from ${table} where user_id = ?`, [user.id]);
      await q(`update payments set card_brand = null, card_last4 = null, error = null, updated_at = now() where user_id = ?`, [user.id]);
      await q(
        `update users set email = ?, full_name = 'Deleted user', company_name = null, phone = null, vat_number = null, cr_number = null,
                national_address = null, password_hash = ?, status = 'inactive', email_verified = false, token_version = token_version + 1,
                deleted_at = now(), updated_at = now()
          where id = ?`,
        [gone, `!deleted:${randomBytes(32).toString('base64url')}`, user.id],
      );
      new AuditService(tx, this.deps).record(
        user,
        'account.delete',
        'user',
        user.id,
        null,
        { bookings_cancelled: bookings.length, service_bookings_cancelled: serviceBookings.length, listings_removed: listings.length },
        gone,
      );
      await tx.flush();
      return { bookings, listings, serviceBookings };
    });

    this.deps.bus.publish(USER_TOPICS.userChanged, { userId: user.id } satisfies UserChangedEvent);
    if (changed.listings.length) publicListCache(this.deps).invalidate();
    for (const l of changed.listings)
      this.deps.bus.publish(RESOURCE_TOPICS.resourceChanged, {
        resourceId: l.id,
        ownerId: user.id,
        status: l.status,
        kind: 'deleted',
      } satisfies ResourceChangedEvent);
    for (const b of changed.bookings)
      this.deps.bus.publish(BOOKING_TOPICS.bookingChanged, {
        bookingId: b.id,
        resourceId: b.resource_id,
        userId: b.user_id,
        ownerId: b.owner_id,
        status: 'cancelled',
        kind: 'cancelled',
      } satisfies BookingChangedEvent);
    for (const b of changed.serviceBookings)
      this.deps.bus.publish(SERVICE_BOOKING_TOPICS.updated, {
        serviceBookingId: b.id,
        userId: user.id,
        status: b.status,
        kind: 'cancelled',
      } satisfies ServiceBookingEvent);
    // The row is anonymised now: the notice goes to the address and in the language it had.
    await sendAccountNotice(this.deps, { ...user, email: old.email, fullName: old.name, locale: old.locale } as User, 'account_deleted');
    return MESSAGES.accountDeleted;
  }
}
