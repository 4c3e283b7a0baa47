import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';
import { readable } from '../support/mail-text.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ADDRESS = {
  building_number: '7364',
  street: 'King Fahd Road',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '12214',
  additional_number: '2917',
};
const PROFILE = {
  full_name: 'Noura Al-Saud',
  company_name: 'Noura Trading',
  phone: '+966 50 123 4567',
  locale: 'ar',
  vat_number: '300000000000003',
  cr_number: '1010123456',
  national_address: ADDRESS,
};

async function row(id: string) {
  const [r] = await t.app.orm.em
    .fork()
    .getConnection()
    .execute(`select full_name, company_name, phone, locale, vat_number, cr_number, national_address from users where id = ?`, [id]);
  return r;
}
async function auditRows(id: string) {
  return t.app.orm.em
    .fork()
    .getConnection()
    .execute(`select action, before, after from audit_log where entity_id = ? order by created_at`, [id]);
}

describe('PUT /api/auth/me: the profile with the company details of a B2B invoice', () => {
  it('saves name, company, phone, language, VAT number, CR number and national address; audit row and notice in the new language', async () => {
    const u = await createUser(t.app);
    const res = await t.api('PUT', '/api/auth/me', PROFILE, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...PROFILE, email: u.email });
    expect(await row(u.user.id)).toMatchObject(PROFILE);
    // GET answers the same.
    expect((await t.api('GET', '/api/auth/me', undefined, u.token)).body).toMatchObject(PROFILE);

    const audit = await auditRows(u.user.id);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['account.profile_update']);
    expect(audit[0].before).toMatchObject({ vatNumber: null, locale: 'en' });
    expect(audit[0].after).toMatchObject({ vatNumber: '300000000000003', crNumber: '1010123456', locale: 'ar', nationalAddress: ADDRESS });
    const mail = await t.smtp.waitFor(u.email, (m) => readable(m).includes('تم تحديث ملفك الشخصي في موارد'));
    expect(readable(mail)).toContain('http://app.test/forgot-password');
  });

  it('Arabic-Indic digits and spaces in the numbers are read as Latin digits', async () => {
    const u = await createUser(t.app);
    const res = await t.api(
      'PUT',
      '/api/auth/me',
      {
        full_name: 'A',
        vat_number: '٣٠٠ ٠٠٠ ٠٠٠ ٠٠٠ ٠٠٣',
        cr_number: '١٠١٠١٢٣٤٥٦',
        national_address: { ...ADDRESS, postal_code: '١٢٢١٤' },
      },
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ vat_number: '300000000000003', cr_number: '1010123456', national_address: { postal_code: '12214' } });
  });

  it('details left out stay as they are; null or blank clears them; saving nothing new writes no audit row', async () => {
    const u = await createUser(t.app);
    await t.api('PUT', '/api/auth/me', PROFILE, u.token);
    const kept = await t.api(
      'PUT',
      '/api/auth/me',
      { full_name: 'Noura A.', company_name: 'Noura Trading', phone: '+966 50 123 4567' },
      u.token,
    );
    expect(kept.body).toMatchObject({
      full_name: 'Noura A.',
      locale: 'ar',
      vat_number: PROFILE.vat_number,
      cr_number: PROFILE.cr_number,
      national_address: ADDRESS,
    });
    const cleared = await t.api(
      'PUT',
      '/api/auth/me',
      { full_name: 'Noura A.', vat_number: '', cr_number: null, national_address: { building_number: '', street: ' ' } },
      u.token,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ company_name: null, phone: null, vat_number: null, cr_number: null, national_address: null });
    const before = (await auditRows(u.user.id)).length;
    expect((await t.api('PUT', '/api/auth/me', { full_name: 'Noura A.' }, u.token)).status).toBe(200);
    expect((await auditRows(u.user.id)).length).toBe(before);
  });

  it.each([
    [{ vat_number: '300000000000004' }, 'VAT registration number must be 15 digits, starting and ending with 3', 'vat_number'],
    [{ vat_number: '200000000000003' }, 'VAT registration number must be 15 digits, starting and ending with 3', 'vat_number'],
    [{ vat_number: '30000000000003' }, 'VAT registration number must be 15 digits, starting and ending with 3', 'vat_number'],
    [{ vat_number: 12345 }, 'VAT registration number must be 15 digits, starting and ending with 3', 'vat_number'],
    [{ cr_number: '101012345' }, 'Commercial registration number must be 10 digits', 'cr_number'],
    [{ cr_number: '10101234AB' }, 'Commercial registration number must be 10 digits', 'cr_number'],
    [{ national_address: { ...ADDRESS, postal_code: '1221' } }, 'Postal code must be 5 digits', 'national_address.postal_code'],
    [{ national_address: { ...ADDRESS, building_number: '73' } }, 'Building number must be 4 digits', 'national_address.building_number'],
    [
      { national_address: { ...ADDRESS, additional_number: '29171' } },
      'Additional number must be 4 digits',
      'national_address.additional_number',
    ],
    [
      { national_address: { ...ADDRESS, district: '' } },
      'Please complete the national address: building number, street, district, city and postal code',
      'national_address.district',
    ],
    [{ national_address: { ...ADDRESS, city: 'x'.repeat(101) } }, undefined, 'national_address.city'],
    [{ phone: 'call me' }, 'Please enter a valid phone number', 'phone'],
    [{ full_name: '' }, 'Please fill in all required fields', 'full_name'],
  ])('refuses %j with the field and its message, changing nothing', async (patch, message, field) => {
    const u = await createUser(t.app);
    await t.api('PUT', '/api/auth/me', PROFILE, u.token);
    const res = await t.api('PUT', '/api/auth/me', { ...PROFILE, ...patch }, u.token);
    expect(res.status).toBe(400);
    if (message) expect(res.body.detail).toBe(message);
    expect(res.body.field).toBe(field);
    expect(await row(u.user.id)).toMatchObject(PROFILE);
  });

  it('the updateProfile mutation does the same over GraphQL and answers the details', async () => {
    const u = await createUser(t.app);
    const q = `mutation($input: ProfileInput!) { updateProfile(input: $input) { fullName vatNumber crNumber locale nationalAddress { buildingNumber street district city postalCode additionalNumber } } }`;
    const input = {
      fullName: 'Omar',
      locale: 'en',
      vatNumber: '311111111111113',
      crNumber: '4030000000',
      nationalAddress: {
        buildingNumber: '1234',
        street: 'Tahlia',
        district: 'Al Rawdah',
        city: 'Jeddah',
        postalCode: '23434',
        additionalNumber: null,
      },
    };
    const r = await t.gql(q, { input }, u.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.updateProfile).toEqual(input);
    const bad = await t.gql(q, { input: { ...input, vatNumber: '311111111111112' } }, u.token);
    expect(bad.errors?.[0]).toMatchObject({
      message: 'VAT registration number must be 15 digits, starting and ending with 3',
      extensions: { code: 'BAD_USER_INPUT', field: 'vat_number' },
    });
    expect((await t.gql(q, { input })).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('a visitor cannot save a profile', async () => {
    expect((await t.api('PUT', '/api/auth/me', PROFILE)).status).toBe(401);
  });
});
