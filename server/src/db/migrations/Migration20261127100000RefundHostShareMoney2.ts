import { Migration } from '@mikro-orm/migrations';

/**
 * The host's part of every refund of a payment with a settled split (issue #24), whether the share went to the host's
 * supplier (then it equals supplier_amount_halalas, taken back by MakeSupplierRefund) or was held by the platform
 * (then it is what the held balance loses): fixed on the refund row when it is recorded, so the host's earnings
 * subtract exactly it. Existing refunds get it by the same rule as `splitRefund` (round half up of refund × host net
 * / gross).
 */
export class Migration20261127100000RefundHostShareMoney2 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table refunds add column host_amount_halalas bigint null;`);
    this.addSql(`update refunds r
        set host_amount_halalas = coalesce(r.supplier_amount_halalas,
          case when s.gross > 0 then (2 * r.amount_halalas * least(s.host_net, s.gross) + s.gross) / (2 * s.gross) else 0 end)
       from payment_splits s
      where s.payment_id = r.payment_id and s.settled_at is not null;`);
    this.addSql(`alter table refunds add constraint refunds_host_part check (
      host_amount_halalas is null or (host_amount_halalas >= 0 and host_amount_halalas <= amount_halalas));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table refunds drop constraint if exists refunds_host_part;`);
    this.addSql(`alter table refunds drop column if exists host_amount_halalas;`);
  }
}
