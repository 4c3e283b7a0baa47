import type { EntityManager } from '@mikro-orm/postgresql';
import type { Deps } from '../../deps.js';
import type { User } from '../users/user.entity.js';
import type { Locale } from '../../shared/locale.js';
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
const EXPORT_FORMAT_VERSION = 2;

/**
 * Which part of the export holds each table that refers to an account (a user id column or a foreign key to users).
 * tests/server/account-export.test.ts reads the ORM metadata and the database's foreign keys and fails when a table
 * holding a user id is neither here nor on its commented list of tables that are rightly not exported.
 */
export const EXPORT_COVERAGE: Record<string, string[]> = {
  users: ['profile', 'consents'],
  bookings: ['bookings', 'bookings_received'],
  payments: ['payments', 'invoices'],
  refunds: ['refunds'],
  service_bookings: ['service_bookings'],
  reviews: ['reviews_written', 'reviews_received'],
  customer_ratings: ['customer_ratings_written', 'customer_ratings_received'],
  inquiries: ['inquiries'],
  resources: ['listings'],
  newsletter_subscribers: ['consents'],
  conversations: ['conversations'],
  messages: ['messages'],
  favorites: ['favorites'],
  notifications: ['notifications'],
  notification_preferences: ['notification_preferences'],
  payout_accounts: ['payout_account'],
  payment_splits: ['earnings'],
  held_payouts: ['payouts'],
  commission_invoices: ['commission_invoices'],
  commission_credit_notes: ['commission_credit_notes'],
  advisors: ['advisor_profile'],
  audit_log: ['account_activity', 'sessions'],
};

/** The export's headings, in the account's language, for its human-readable summary. */
const SUMMARY: Record<Locale, { title: string; intro: string; sections: Record<string, string>; none: string; sessions: string }> = {
  en: {
    title: 'Your Mawarid data',
    intro: 'Everything Mawarid holds that your account made or that is about it, exported on',
    none: 'none',
    sessions:
      'Sessions are sign-in tokens kept on your devices, not on our servers; the times every session of the account was ended are listed under "sessions".',
    sections: {
      bookings: 'Bookings you made',
      bookings_received: 'Bookings of your listings',
      payments: 'Payments',
      invoices: 'Tax invoices',
      refunds: 'Refunds and credit notes',
      service_bookings: 'Service bookings',
      reviews_written: 'Reviews you wrote',
      reviews_received: 'Reviews of your listings',
      customer_ratings_written: 'Ratings you gave customers',
      customer_ratings_received: 'Ratings hosts gave you',
      inquiries: 'Inquiries and consultation requests',
      listings: 'Listings',
      conversations: 'Conversations',
      messages: 'Messages',
      favorites: 'Favourites',
      notifications: 'Notifications',
      notification_preferences: 'Notification preferences',
      payout_account: 'Payout profile',
      earnings: 'Earnings from your listings',
      payouts: 'Payouts',
      commission_invoices: 'Commission invoices',
      commission_credit_notes: 'Commission credit notes',
      advisor_profile: 'Advisor profile',
      account_activity: 'Account activity',
    },
  },
  ar: {
    title: 'بياناتك في موارد',
    intro: 'كل ما تحتفظ به موارد مما أنشأه حسابك أو ما يتعلق به، صُدّر في',
    none: 'لا شيء',
    sessions: 'الجلسات رموز دخول محفوظة على أجهزتك لا على خوادمنا؛ وأوقات إنهاء جميع جلسات الحساب مدرجة تحت "sessions".',
    sections: {
      bookings: 'حجوزاتك',
      bookings_received: 'حجوزات إعلاناتك',
      payments: 'المدفوعات',
      invoices: 'الفواتير الضريبية',
      refunds: 'المبالغ المستردة والإشعارات الدائنة',
      service_bookings: 'حجوزات الخدمات',
      reviews_written: 'التقييمات التي كتبتها',
      reviews_received: 'تقييمات إعلاناتك',
      customer_ratings_written: 'تقييماتك للعملاء',
      customer_ratings_received: 'تقييمات المضيفين لك',
      inquiries: 'الاستفسارات وطلبات الاستشارة',
      listings: 'الإعلانات',
      conversations: 'المحادثات',
      messages: 'الرسائل',
      favorites: 'المفضلة',
      notifications: 'الإشعارات',
      notification_preferences: 'تفضيلات الإشعارات',
      payout_account: 'ملف استلام المدفوعات',
      earnings: 'أرباح إعلاناتك',
      payouts: 'التحويلات',
      commission_invoices: 'فواتير العمولة',
      commission_credit_notes: 'إشعارات العمولة الدائنة',
      advisor_profile: 'ملف المستشار',
      account_activity: 'نشاط الحساب',
    },
  },
};

/** A readable overview of the export, in the account's language: what each part holds and how many entries. */
function exportSummary(locale: Locale, exportedAt: Date, data: Row): string {
  const s = SUMMARY[locale];
  const when = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(exportedAt);
  const count = (v: unknown) => (Array.isArray(v) ? v.length : v ? 1 : 0);
  const lines = Object.entries(s.sections).map(([key, label]) => {
    const n = count(data[key]);
    return `- ${label} (${key}): ${n || s.none}`;
  });
  return [s.title, `${s.intro} ${when}.`, '', ...lines, '', s.sessions].join('\n');
}

/** Only the last four characters of an IBAN are shown, as everywhere else (SA•• •••• … 1234). */
const maskedIban = (last4: string) => `SA•• •••• •••• •••• •••• ${last4}`;

/**
 * The personal data rights of the PDPL over one's own account: a copy of everything the account made or that is
 * about it (export). Every part is selected by the account's user id only: rows sent with the account's address
 * before it existed (inquiries, the newsletter) belong to it only once the address is verified, when they are tied to
 * the id (verified-email.service.ts). Other people's data that touches it (the customers of a host's bookings) is left
 * out or reduced to what is the user's own.
 */
export class AccountDataService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private rows(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params);
  }

  /** Everything listed in EXPORT_COVERAGE, as JSON with a summary in the account's language. Audited and noticed by mail. */
  async export(user: User): Promise<Row> {
    const id = user.id;
    const [me] = await this.rows(`select email_verified_at, updated_at from users where id = ?`, [id]);
    const bookings = await this.rows(
      `select b.id, b.resource_id, r.title as resource_title, b.start_date, b.end_date, b.periods, b.unit_price, b.total_amount, b.currency,
              b.status, b.payment_status, b.cancelled_at, b.created_at
         from bookings b join resources r on r.id = b.resource_id where b.user_id = ? order by b.created_at`,
      [id],
    );
    const bookingsReceived = await this.rows(
      `select b.id, b.resource_id, r.title as resource_title, b.start_date, b.end_date, b.periods, b.total_amount, b.currency, b.status, b.payment_status, b.created_at
         from bookings b join resources r on r.id = b.resource_id where r.owner_id = ? order by b.created_at`,
      [id],
    );
    // No card brand, no last digits, no gateway error text: nothing of the card.
    const payments = await this.rows(
      `select id, booking_id, service_booking_id, method, gateway, status, subtotal, vat, amount, currency, invoice_id, payment_id, transaction_id,
              invoice_number::text as invoice_number, paid_at, created_at
         from payments where user_id = ? order by created_at`,
      [id],
    );
    const invoices = (
      await this.rows(`select invoice_snapshot from payments where user_id = ? and invoice_snapshot is not null order by invoice_number`, [
        id,
      ])
    ).map((r) => {
      const snap = { ...(r.invoice_snapshot as Row) };
      if (snap.payment) snap.payment = { ...(snap.payment as Row), card_brand: null, card_last4: null };
      return snap;
    });
    const refunds = await this.rows(
      `select id, payment_id, booking_id, service_booking_id, amount_halalas::text as amount_halalas, reason, policy, status,
              requested_at, refunded_at, credit_note_number::text as credit_note_number, credit_note_snapshot as credit_note, created_at
         from refunds where user_id = ? order by created_at`,
      [id],
    );
    const serviceBookings = await this.rows(
      `select id, service_id, service_name, service_name_ar, preferred_date::text as preferred_date, preferred_time, contact_number, requirements,
              status, payment_status, price_halalas::text as price_halalas, scheduled_at, slot_start, slot_end, cancel_reason, payment_method,
              locale, confirmed_at, completed_at, cancelled_at, created_at
         from service_bookings where user_id = ? order by created_at`,
      [id],
    );
    const reviewsWritten = await this.rows(
      `select v.id, v.booking_id, v.resource_id, r.title as resource_title, v.rating, v.comment, v.reply, v.replied_at, v.hidden_at, v.created_at, v.updated_at
         from reviews v join resources r on r.id = v.resource_id where v.user_id = ? order by v.created_at`,
      [id],
    );
    // Reviews of the user's listings are public already; the reviewer is not named beyond what the listing shows.
    const reviewsReceived = await this.rows(
      `select v.id, v.resource_id, r.title as resource_title, v.rating, v.comment, v.reply, v.replied_at, v.hidden_at, v.created_at
         from reviews v join resources r on r.id = v.resource_id where r.owner_id = ? order by v.created_at`,
      [id],
    );
    const ratingsWritten = await this.rows(
      `select booking_id, rating, note, created_at, updated_at from customer_ratings where host_id = ? order by created_at`,
      [id],
    );
    // The scores hosts gave the user are data about them (which host is the host's: the booking says where); the
    // host's own words stay private to hosts, as the product promises where ratings are made (reviews: "private").
    const ratingsReceived = await this.rows(
      `select booking_id, rating, created_at from customer_ratings where customer_id = ? order by created_at`,
      [id],
    );
    const inquiries = await this.rows(
      `select id, service_type, full_name, email::text as email, company_name, message, status, preferred_date::text as preferred_date, preferred_time, locale, created_at
         from inquiries where user_id = ? order by created_at`,
      [id],
    );
    const listings = await this.rows(
      `select id, title, description, category, resource_type, file_format, price, currency, period, location, availability, images, tags,
              status, rejection_reason, views_count, created_at, updated_at, deleted_at
         from resources where owner_id = ? order by created_at`,
      [id],
    );
    const [newsletter] = await this.rows(
      `select email::text as email, locale, created_at, confirmed_at, unsubscribed_at from newsletter_subscribers where user_id = ?`,
      [id],
    );
    // The user's conversations and every message in them: what they wrote, and what was written to them (the other
    // side is named only as "customer" or "host", by their role in that conversation, not by account).
    const conversations = await this.rows(
      `select c.id, c.resource_id, r.title as resource_title, case when c.customer_id = ? then 'customer' else 'host' end as my_role,
              c.booking_id, c.created_at, c.last_message_at
         from conversations c join resources r on r.id = c.resource_id where c.customer_id = ? or c.host_id = ? order by c.created_at`,
      [id, id, id],
    );
    const messages = await this.rows(
      `select m.id, m.conversation_id, (m.sender_id = ?) as from_me, m.body, m.booking_id, m.created_at
         from messages m join conversations c on c.id = m.conversation_id
        where c.customer_id = ? or c.host_id = ? order by m.created_at, m.id`,
      [id, id, id],
    );
    // Saved listings, those that have since left the marketplace too (the user's data either way).
    const favorites = await this.rows(
      `select f.resource_id, r.title as resource_title, f.created_at
         from favorites f join resources r on r.id = f.resource_id where f.user_id = ? order by f.created_at, f.id`,
      [id],
    );
    const notifications = await this.rows(
      `select id, kind, params, link, read_at, created_at from notifications where user_id = ? order by created_at, id`,
      [id],
    );
    const notificationPreferences = await this.rows(`select kind, email from notification_preferences where user_id = ? order by kind`, [
      id,
    ]);
    // The IBAN itself is encrypted at rest and never sent back whole; stored documents are named, not linked.
    const [payout] = await this.rows(
      `select legal_name, commercial_registration, vat_number, bank, iban_last4, documents, supplier_status, supplier_comment, created_at, updated_at
         from payout_accounts where user_id = ?`,
      [id],
    );
    const earnings = await this.rows(
      `select s.payment_id, s.category, s.gross, s.commission, s.vat_on_commission, s.host_net, s.settled_at, s.created_at
         from payment_splits s where s.host_id = ? order by s.created_at`,
      [id],
    );
    const payouts = await this.rows(
      `select id, amount_halalas::text as amount_halalas, status, gateway, gateway_reference, transferred_at, created_at
         from held_payouts where host_id = ? order by created_at`,
      [id],
    );
    const commissionInvoices = await this.rows(
      `select month, invoice_number::text as invoice_number, commission_halalas::text as commission_halalas, vat_halalas::text as vat_halalas, snapshot, issued_at
         from commission_invoices where host_id = ? order by invoice_number`,
      [id],
    );
    const commissionCreditNotes = await this.rows(
      `select credit_note_number::text as credit_note_number, commission_halalas::text as commission_halalas, vat_halalas::text as vat_halalas, snapshot, issued_at
         from commission_credit_notes where host_id = ? order by credit_note_number`,
      [id],
    );
    const [advisor] = await this.rows(
      `select display_name, service_ids, languages, weekly_hours, days_off, active, created_at, updated_at from advisors where user_id = ?`,
      [id],
    );
    const activity = await this.rows(
      `select action, created_at from audit_log where entity_type = 'user' and entity_id = ? order by created_at`,
      [id],
    );

    new AuditService(this.em, this.deps).record(user, 'account.export', 'user', id, null, null, user.email);
    await this.em.flush();
    await sendAccountNotice(this.deps, user, 'data_exported');
    const exportedAt = new Date();
    const profile = userDto(user);
    const data: Row = {
      format_version: EXPORT_FORMAT_VERSION,
      exported_at: exportedAt.toISOString(),
      language: user.locale,
      profile: { ...profile, email_verified_at: me?.email_verified_at ?? null, updated_at: me?.updated_at ?? null },
      consents: {
        privacy_policy_version: profile.privacy_policy_version,
        privacy_accepted_at: profile.privacy_accepted_at,
        newsletter: newsletter ?? null,
      },
      // Sessions are signed tokens held by the devices; what the platform keeps is when all of them were ended.
      sessions: {
        ended_everywhere: activity.filter((a) =>
          ['account.logout_all', 'account.password_change', 'account.password_reset', 'account.delete'].includes(String(a.action)),
        ),
      },
      bookings,
      bookings_received: bookingsReceived,
      payments,
      invoices,
      refunds,
      service_bookings: serviceBookings,
      reviews_written: reviewsWritten,
      reviews_received: reviewsReceived,
      customer_ratings_written: ratingsWritten,
      customer_ratings_received: ratingsReceived,
      inquiries,
      listings,
      newsletter: newsletter ?? null,
      conversations,
      messages,
      favorites,
      notifications,
      notification_preferences: notificationPreferences,
      payout_account: payout
        ? {
            ...Object.fromEntries(Object.entries(payout).filter(([k]) => k !== 'iban_last4' && k !== 'documents')),
            iban: maskedIban(String(payout.iban_last4)),
            documents: ((payout.documents as Row[] | null) ?? []).map((d) => ({ type: d.type ?? null, name: d.name ?? null })),
          }
        : null,
      earnings,
      payouts,
      commission_invoices: commissionInvoices,
      commission_credit_notes: commissionCreditNotes,
      advisor_profile: advisor ?? null,
      account_activity: activity,
    };
    return { ...data, summary: exportSummary(user.locale, exportedAt, data) };
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
   * deleted, so past bookings and invoices keep their title), the messages they wrote are erased (their
   * conversations stay for the other side), the account's newsletter subscription and pending links are removed,
   * its inquiries are kept for the admin team (a legal obligation) and nothing another person sent is touched, the card details on payment rows are cleared (the rows and the
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
      // Only rows tied to this account's id: a row someone else sent with the same address is theirs, not this
      // account's. The account's own inquiries are case records the admin team must keep (PDPL lets a controller
      // keep what a legal obligation needs), so they stay as sent, readable to admins only.
      await q(`delete from newsletter_subscribers where user_id = ?`, [user.id]);
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
