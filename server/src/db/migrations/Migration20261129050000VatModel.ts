import { Migration } from '@mikro-orm/migrations';

/**
 * The VAT model of each split (docs/money.md): `agent` (a VAT-registered host supplies the customer; its share carries
 * the customer's VAT) or `deemed_supplier` (an unregistered host: Mawarid supplies the customer and keeps the
 * customer's VAT as `platform_vat`). `sales_vat` is the VAT in what the customer paid. Splits made before are agent
 * splits (their host share carried the customer's VAT); their sales VAT is the paid payment's.
 */
export class Migration20261129050000VatModel extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payment_splits
      add column vat_model text not null default 'agent' check (vat_model in ('agent', 'deemed_supplier')),
      add column sales_vat integer not null default 0 check (sales_vat >= 0),
      add column platform_vat integer not null default 0 check (platform_vat >= 0);`);
    this.addSql(`update payment_splits s set sales_vat = least(s.gross, round(p.vat * 100)::int)
      from payments p where p.id = s.payment_id and p.vat is not null and round(p.amount * 100) = s.gross;`);
    this.addSql(`alter table payment_splits drop constraint payment_splits_adds_up;`);
    this.addSql(`alter table payment_splits add constraint payment_splits_adds_up
      check (host_net + commission + vat_on_commission + platform_vat = gross
             and (vat_model = 'agent' and platform_vat = 0 or vat_model = 'deemed_supplier' and vat_on_commission = 0 and platform_vat = sales_vat));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table payment_splits drop constraint payment_splits_adds_up;`);
    this.addSql(`alter table payment_splits drop column vat_model, drop column sales_vat, drop column platform_vat;`);
    this.addSql(
      `alter table payment_splits add constraint payment_splits_adds_up check (host_net + commission + vat_on_commission = gross);`,
    );
  }
}
