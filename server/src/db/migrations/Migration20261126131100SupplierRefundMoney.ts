import { Migration } from '@mikro-orm/migrations';

/**
 * The refund of a payment split to a host's MyFatoorah supplier (issue #24) is requested with MakeSupplierRefund:
 * the supplier it was split to and the host's part of the refund (halalas; the platform gives back the rest) are
 * kept on the refund as they were asked, for the finance console and the host's earnings.
 */
export class Migration20261126131100SupplierRefundMoney extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table refunds add column supplier_code integer null, add column supplier_amount_halalas bigint null;`);
    this.addSql(`alter table refunds add constraint refunds_supplier_part check (
      (supplier_code is null) = (supplier_amount_halalas is null)
      and (supplier_amount_halalas is null or (supplier_amount_halalas >= 0 and supplier_amount_halalas <= amount_halalas)));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table refunds drop constraint if exists refunds_supplier_part;`);
    this.addSql(`alter table refunds drop column if exists supplier_code, drop column if exists supplier_amount_halalas;`);
  }
}
