import { Migration } from '@mikro-orm/migrations';
import { GENERAL_DEFAULTS } from '../../shared/admin.rules.js';
import { INVOICE_FACTS_SQL, invoiceSnapshot, type InvoiceSeller } from '../../modules/invoices/invoice.snapshot.js';

/**
 * Issued invoices are frozen: `payments.invoice_snapshot` holds everything the invoice shows (lines, seller, VAT
 * number, address, buyer, amounts, payment, QR payload), written in the transaction that settles the payment.
 *
 * Invoices issued before this migration had no snapshot: they are backfilled here from the data as it is when
 * the migration runs (listing title, General settings, buyer profile), which may differ from what they showed
 * when first issued; from then on they never change. Every numbered invoice has a snapshot (a check says so).
 */
export class Migration20261125100000InvoiceSnapshots extends Migration {
  override async up(): Promise<void> {
    await this.execute(`alter table payments add column invoice_snapshot jsonb null;`);
    const [settings] = await this.execute(`select value from settings where key = 'general'`);
    const stored = (settings?.value ?? {}) as Record<string, unknown>;
    const seller = Object.fromEntries(
      Object.keys(GENERAL_DEFAULTS).map((k) => [k, typeof stored[k] === 'string' ? stored[k] : GENERAL_DEFAULTS[k as keyof typeof GENERAL_DEFAULTS]]),
    ) as unknown as InvoiceSeller;
    const issued = await this.execute(`${INVOICE_FACTS_SQL} where p.invoice_number is not null order by p.invoice_number`);
    for (const f of issued) {
      await this.execute(`update payments set invoice_snapshot = ? where id = ?`, [JSON.stringify(invoiceSnapshot(f, seller)), f.payment_id]);
    }
    await this.execute(`alter table payments add constraint payments_invoice_snapshot_check check ((invoice_number is null) = (invoice_snapshot is null));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payments drop constraint if exists payments_invoice_snapshot_check;`);
    this.addSql(`alter table payments drop column if exists invoice_snapshot;`);
  }
}
