import type { EntityManager } from '@mikro-orm/postgresql';
import { Setting } from '../../modules/settings/setting.entity.js';

/** ZATCA's own sample VAT registration number: demo invoices show a well-formed one (never in production). */
const DEMO_VAT_NUMBER = '310122393500003';

/** Demo only: a VAT number and address for the seller on invoices, unless an admin has set them already. */
export async function seedInvoiceSettings(em: EntityManager) {
  const row = await em.findOne(Setting, { key: 'general' });
  if (!row) {
    em.create(Setting, { key: 'general', value: { vat_number: DEMO_VAT_NUMBER, address: 'King Fahd Road, Al Olaya, Riyadh 12214' } });
  } else if (!row.value.vat_number) {
    row.value = {
      ...row.value,
      vat_number: DEMO_VAT_NUMBER,
      ...(row.value.address ? {} : { address: 'King Fahd Road, Al Olaya, Riyadh 12214' }),
    };
  }
  await em.flush();
}
