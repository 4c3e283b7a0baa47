import { Migration } from '@mikro-orm/migrations';

/**
 * Issued invoices are frozen: `payments.invoice_snapshot` holds everything the invoice shows (lines, seller, VAT
 * number, address, buyer, amounts, payment, QR payload), written in the transaction that settles the payment.
 *
 * Invoices issued before this migration had no snapshot: they are backfilled here from the data as it is when
 * the migration runs (listing title, General settings, buyer profile), which may differ from what they showed
 * when first issued; from then on they never change. Every numbered invoice has a snapshot (a check says so).
 *
 * Self-contained: the query, the seller defaults, the snapshot's shape, the halala rounding and the ZATCA QR
 * encoding below are copies of the application's code as it was when this migration was written, so a later
 * change there cannot change what this migration writes (a database migrated later would otherwise get other
 * snapshots than one migrated today).
 */

/** General settings' defaults for the fields an invoice shows (shared/admin.rules.ts, GENERAL_DEFAULTS). */
const SELLER_DEFAULTS = { platform_name: 'Mawarid', vat_number: '', address: '', contact_email: '', contact_phone: '' };
type Seller = typeof SELLER_DEFAULTS;

/** modules/invoices/invoice.snapshot.ts, INVOICE_FACTS_SQL. */
const FACTS_SQL = `
  select p.id as payment_id, p.invoice_number::text as invoice_number, p.paid_at, p.currency, p.subtotal, p.vat, p.amount,
         p.method, p.card_brand, p.card_last4, p.transaction_id,
         b.id as booking_id, b.periods, b.unit_price, b.start_date, b.end_date, b.status as booking_status,
         r.title, r.period,
         u.full_name, u.email, u.company_name
    from payments p
    join bookings b on b.id = p.booking_id
    join resources r on r.id = b.resource_id
    join users u on u.id = b.user_id`;

const VAT_RATE = 0.15;
const sarText = (sar: number) => (Math.round(Number((sar * 100).toFixed(6))) / 100).toFixed(2);
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** ZATCA phase-1 QR payload (modules/payments/zatca.ts): TLV of seller, VAT number, timestamp, total, VAT; Base64. */
function zatcaQr(fields: string[]): string {
  return Buffer.concat(
    fields.map((value, i) => {
      const bytes = Buffer.from(value, 'utf8');
      if (bytes.length > 255) throw new Error(`ZATCA field ${i + 1} is longer than 255 bytes`);
      return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
    }),
  ).toString('base64');
}

/** modules/invoices/invoice.snapshot.ts, invoiceSnapshot. */
function snapshot(f: Record<string, unknown>, seller: Seller) {
  const issued = new Date(f.paid_at as string | Date);
  const subtotal = Number(f.subtotal);
  const vat = Number(f.vat);
  const total = Number(f.amount);
  return {
    booking_id: String(f.booking_id),
    invoice_number: String(f.invoice_number),
    issued_at: issued.toISOString(),
    currency: String(f.currency),
    seller: {
      name: seller.platform_name,
      vat_number: seller.vat_number,
      address: seller.address,
      contact_email: seller.contact_email,
      contact_phone: seller.contact_phone,
    },
    buyer: { name: String(f.full_name), email: String(f.email), company_name: str(f.company_name) },
    lines: [
      {
        description: String(f.title),
        period: String(f.period),
        quantity: Number(f.periods),
        unit_price: Number(f.unit_price),
        amount: subtotal,
      },
    ],
    subtotal,
    vat_rate: VAT_RATE,
    vat,
    total,
    payment: {
      card_brand: str(f.card_brand),
      card_last4: str(f.card_last4),
      transaction_id: str(f.transaction_id),
      method: String(f.method),
    },
    booking: {
      start_date: new Date(f.start_date as string | Date).toISOString(),
      end_date: new Date(f.end_date as string | Date).toISOString(),
      status: String(f.booking_status),
    },
    qr_payload: zatcaQr([seller.platform_name, seller.vat_number, isoSeconds(issued), sarText(total), sarText(vat)]),
  };
}

export class Migration20261125100000InvoiceSnapshots extends Migration {
  override async up(): Promise<void> {
    await this.execute(`alter table payments add column invoice_snapshot jsonb null;`);
    const [settings] = await this.execute(`select value from settings where key = 'general'`);
    const stored = (settings?.value ?? {}) as Record<string, unknown>;
    const seller = Object.fromEntries(
      Object.entries(SELLER_DEFAULTS).map(([k, d]) => [k, typeof stored[k] === 'string' ? stored[k] : d]),
    ) as Seller;
    const issued = await this.execute(`${FACTS_SQL} where p.invoice_number is not null order by p.invoice_number`);
    for (const f of issued) {
      await this.execute(`update payments set invoice_snapshot = ? where id = ?`, [JSON.stringify(snapshot(f, seller)), f.payment_id]);
    }
    await this.execute(
      `alter table payments add constraint payments_invoice_snapshot_check check ((invoice_number is null) = (invoice_snapshot is null));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payments drop constraint if exists payments_invoice_snapshot_check;`);
    this.addSql(`alter table payments drop column if exists invoice_snapshot;`);
  }
}
