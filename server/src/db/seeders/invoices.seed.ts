import type { EntityManager } from '@mikro-orm/postgresql';
import { Setting } from '../../modules/settings/setting.entity.js';
import { issueInvoice } from '../../modules/invoices/invoice.service.js';
import { GENERAL_DEFAULTS } from '../../shared/admin.messages.js';

/** ZATCA's own sample VAT registration number: demo invoices show a well-formed one (never in production). */
const DEMO_VAT_NUMBER = '310122393500003';

const DEMO_ADDRESS = { address: 'King Fahd Road, Al Olaya, Riyadh 12214', address_ar: 'طريق الملك فهد، العليا، الرياض 12214' };

/**
 * Demo only: a VAT number and address for the seller on invoices (and the Arabic address the Arabic pages show),
 * unless an admin has set them already.
 */
export async function seedInvoiceSettings(em: EntityManager) {
  const row = await em.findOne(Setting, { key: 'general' });
  if (!row) {
    em.create(Setting, { key: 'general', value: { vat_number: DEMO_VAT_NUMBER, ...DEMO_ADDRESS } });
  } else if (!row.value.vat_number) {
    row.value = { ...row.value, vat_number: DEMO_VAT_NUMBER, ...(row.value.address ? {} : DEMO_ADDRESS) };
  }
  await em.flush();
}

/**
 * Demo only: the demo user's template purchase (marketplace.seed.ts) paid on the test gateway and invoiced as a
 * settlement would (`issueInvoice`, in one transaction), so "View invoice" on My bookings opens its invoice.
 */
export async function seedDemoPurchaseInvoice(em: EntityManager) {
  await em.transactional(async (tx) => {
    const run = (sql: string, params: unknown[]) =>
      tx.getConnection().execute<Array<Record<string, unknown>>>(sql, params, 'all', tx.getTransactionContext());
    const [booking] = await run(
      `select b.id, b.user_id, b.total_amount, b.created_at from bookings b join users u on u.id = b.user_id
        where u.email = 'user@mawarid.sa' and b.payment_status = 'paid'
          and not exists (select 1 from payments p where p.booking_id = b.id) limit 1`,
      [],
    );
    if (!booking) return;
    const [payment] = await run(
      `insert into payments (id, booking_id, user_id, method, gateway, status, subtotal, vat, amount, card_brand, card_last4,
                             paid_at, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, 'card', 'sandbox', 'paid', ?::numeric, round(?::numeric * 0.15, 2),
               round(?::numeric * 1.15, 2), 'Visa', '1019', ?, ?, ?) returning id`,
      [
        booking.id,
        booking.user_id,
        booking.total_amount,
        booking.total_amount,
        booking.total_amount,
        booking.created_at,
        booking.created_at,
        booking.created_at,
      ],
    );
    const [general] = await run(`select value from settings where key = 'general'`, []);
    const g = { ...GENERAL_DEFAULTS, ...((general?.value as Partial<typeof GENERAL_DEFAULTS>) ?? {}) };
    await issueInvoice(run, String(payment!.id), {
      platform_name: g.platform_name,
      vat_number: g.vat_number,
      address: g.address,
      address_ar: g.address_ar,
      contact_email: g.contact_email,
      contact_phone: g.contact_phone,
    });
  });
}
