/**
 * The product's validation rules and limits, in one place. The server parses every input with
 * these schemas; the client imports the same module so both say the same message.
 * Messages are the spec's (section 5/8) where it has one.
 */
import { z } from 'zod';
import { BIDI_CONTROLS_MESSAGE, noBidiControls } from './bidi.js';
import type { NationalAddressFields } from './national-address.js';
import { LOCALES } from './locale.js';

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  companyMax: 160,
  emailMax: 254,
  phoneMax: 32,
  addressTextMax: 100,
} as const;

/**
 * The privacy policy in force (its date). Registration records the version the new user accepted; change it when
 * the policy's text (client/src/locales/{en,ar}/legal.json, policies.privacy) changes materially.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-25';

export const MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  bidiControls: BIDI_CONTROLS_MESSAGE,
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  accountSuspended: 'Your account is suspended. Please contact support.',
  accountInactive: 'Your account is inactive. Please contact support.',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  tooManyRegistrations: 'Too many registration attempts. Please try again later.',
  tooManyVerificationEmails: 'Too many verification emails requested. Please try again later.',
  verificationInvalid: 'Invalid verification link',
  verificationExpired: 'Verification link has expired',
  verificationSent: 'If an account with that email needs verification, a new link has been sent.',
  emailVerified: 'Email verified successfully!',
  subscribed: 'Please check your email to confirm your subscription.',
  passwordResetSent: 'If an account with that email exists, a link to set a new password has been sent.',
  passwordResetInvalid: 'Invalid password reset link',
  passwordResetExpired: 'Password reset link has expired',
  passwordResetDone: 'Your password has been reset. Please log in with your new password.',
  tooManyPasswordResets: 'Too many password reset requests. Please try again later.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed.',
  signedOutEverywhere: 'You have been signed out on every device.',
  invalidPhone: 'Please enter a valid phone number',
  emailChangeSent: 'We have sent a link to the new address. Open it to confirm the change.',
  emailUnchanged: 'This is already the email of your account',
  tooManyEmailChanges: 'Too many email change requests. Please try again later.',
  emailChangeInvalid: 'Invalid email change link',
  emailChangeExpired: 'Email change link has expired',
  emailChanged: 'Your email address has been changed.',
  accountDeleted: 'Your account has been deleted.',
  privacyPolicyChanged: 'The privacy policy has been updated. Please reload the page and read it before registering.',
  deleteHasPaidBookings:
    'Your account cannot be deleted while you have paid upcoming bookings, as a customer or as a host. Cancel or complete them first.',
  deleteOwesPlatform:
    'Your account cannot be deleted while you owe the platform money (a refund of a share already paid out to you). It is collected from your next shares or your MyFatoorah balance; contact support to settle it.',
  deleteLastAdmin: 'You are the last administrator. Make another user an administrator before deleting your account.',
  invalidVatNumber: 'VAT registration number must be 15 digits, starting and ending with 3',
  invalidCrNumber: 'Commercial registration number must be 10 digits',
  invalidBuildingNumber: 'Building number must be 4 digits',
  invalidAdditionalNumber: 'Additional number must be 4 digits',
  invalidPostalCode: 'Postal code must be 5 digits',
  addressIncomplete: 'Please complete the national address: building number, street, district, city and postal code',
  companyNameRequired: 'Please enter the company name for the tax invoice',
  vatNumberRequired: "Please enter the company's VAT registration number",
  crNumberRequired: "Please enter the company's commercial registration number",
} as const;

const DIGITS = /^\s*[+-]?\d+\s*$/;
/**
 * A number field that a query string may also give as digits ("2"): `schema` checks the number. Unlike z.coerce,
 * a boolean is refused (true is not 1), and so is a string other than plain digits ("", "0x10", "1e3").
 */
export const numberInput = <T extends z.ZodType<number, number>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v), schema);

const trimmed = (max: number) => z.string({ error: MESSAGES.requiredFields }).trim().max(max);
const requiredText = (max: number) => trimmed(max).min(1, MESSAGES.requiredFields);
/** A person's or company's name: no bidi controls. */
const nameText = (max: number) => trimmed(max).refine(noBidiControls, MESSAGES.bidiControls);
const requiredName = (max: number) => requiredText(max).refine(noBidiControls, MESSAGES.bidiControls);

export const localeSchema = z
  .enum(LOCALES)
  .nullish()
  .catch('en')
  .transform((v) => v ?? 'en');

export const emailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** A password being chosen (registration, reset, change): one rule everywhere. */
const newPasswordSchema = z
  .string({ error: MESSAGES.requiredFields })
  .min(1, MESSAGES.requiredFields)
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong);

export const registerSchema = z.object({
  full_name: requiredName(LIMITS.nameMax),
  email: emailSchema,
  password: newPasswordSchema,
  company_name: nameText(LIMITS.companyMax)
    .nullish()
    .transform((v) => v || null),
  account_type: z
    .enum(['regular', 'host_seller'])
    .nullish()
    .transform((v) => v ?? 'regular'),
  locale: localeSchema,
  // The version the form showed; absent (an API client) means the current one. A stale page is refused.
  privacy_policy_version: z
    .string({ error: MESSAGES.privacyPolicyChanged })
    .nullish()
    .refine((v) => v == null || v === PRIVACY_POLICY_VERSION, MESSAGES.privacyPolicyChanged)
    .transform(() => PRIVACY_POLICY_VERSION),
});

export const loginSchema = z.object({
  email: z.string({ error: MESSAGES.invalidCredentials }).trim().toLowerCase().min(1, MESSAGES.requiredFields),
  password: z
    .string({ error: MESSAGES.invalidCredentials })
    .min(1, MESSAGES.requiredFields)
    .max(LIMITS.passwordMax, MESSAGES.invalidCredentials),
});

export const tokenSchema = z.object({
  token: z
    .string({ error: MESSAGES.verificationInvalid })
    .trim()
    .min(1, MESSAGES.verificationInvalid)
    .max(200, MESSAGES.verificationInvalid),
});

export const emailOnlySchema = z.object({ email: emailSchema, locale: localeSchema });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: MESSAGES.passwordResetInvalid })
    .trim()
    .min(1, MESSAGES.passwordResetInvalid)
    .max(200, MESSAGES.passwordResetInvalid),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: MESSAGES.requiredFields })
    .min(1, MESSAGES.requiredFields)
    .max(LIMITS.passwordMax, MESSAGES.currentPasswordWrong),
  new_password: newPasswordSchema,
});

/** Arabic-Indic (U+0660–0669) and Persian (U+06F0–06F9) digits read as Latin ones: Arabic keyboards type them. */
const latinDigits = (s: string) => s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/** An optional number of a fixed shape: blank is null; spaces are ignored; Arabic digits count. */
const digitsField = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .transform((v) => latinDigits(v).replace(/\s+/g, ''))
    .refine((v) => v === '' || pattern.test(v), message)
    .nullish()
    .transform((v) => v || null);

/** Saudi VAT registration number (ZATCA): 15 digits, the first and the last a 3. */
const VAT_NUMBER = /^3\d{13}3$/;
/** Commercial registration number (Ministry of Commerce): 10 digits, the unified 7… numbers included. */
const CR_NUMBER = /^\d{10}$/;

/**
 * The Saudi national address (SPL) as a tax invoice prints it: building number (4 digits), street, district,
 * city, postal code (5 digits) and the additional number (4 digits). All or nothing: a blank form is null, a half
 * filled one is refused, since an invoice cannot carry half an address.
 */
const nationalAddressSchema = z
  .object({
    building_number: digitsField(/^\d{4}$/, MESSAGES.invalidBuildingNumber),
    street: nameText(LIMITS.addressTextMax)
      .nullish()
      .transform((v) => v || null),
    district: nameText(LIMITS.addressTextMax)
      .nullish()
      .transform((v) => v || null),
    city: nameText(LIMITS.addressTextMax)
      .nullish()
      .transform((v) => v || null),
    postal_code: digitsField(/^\d{5}$/, MESSAGES.invalidPostalCode),
    additional_number: digitsField(/^\d{4}$/, MESSAGES.invalidAdditionalNumber),
  })
  .transform((a, ctx) => {
    const required = ['building_number', 'street', 'district', 'city', 'postal_code'] as const;
    if (required.every((k) => !a[k]) && !a.additional_number) return null;
    for (const k of required) {
      if (!a[k]) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.addressIncomplete, path: [k] });
        return z.NEVER;
      }
    }
    return a as NationalAddressFields;
  });

/**
 * The profile. full_name, company_name and phone are replaced as sent (absent = cleared, as before); the B2B
 * details (vat_number, cr_number, national_address) and locale are left as they are when absent, so a client
 * that does not know them cannot wipe them; null or blank clears them.
 */
export const changeEmailSchema = z.object({
  current_password: z
    .string({ error: MESSAGES.requiredFields })
    .min(1, MESSAGES.requiredFields)
    .max(LIMITS.passwordMax, MESSAGES.currentPasswordWrong),
  new_email: emailSchema,
});

export const emailChangeTokenSchema = z.object({
  token: z.string({ error: MESSAGES.emailChangeInvalid }).trim().min(1, MESSAGES.emailChangeInvalid).max(200, MESSAGES.emailChangeInvalid),
});

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: MESSAGES.requiredFields })
    .min(1, MESSAGES.requiredFields)
    .max(LIMITS.passwordMax, MESSAGES.currentPasswordWrong),
});

export const profileSchema = z.object({
  full_name: requiredName(LIMITS.nameMax),
  company_name: nameText(LIMITS.companyMax)
    .nullish()
    .transform((v) => v || null),
  phone: trimmed(LIMITS.phoneMax)
    .transform(latinDigits)
    .pipe(z.string().regex(/^[+0-9 ()-]*$/, MESSAGES.invalidPhone))
    .nullish()
    .transform((v) => v || null),
  locale: z.enum(LOCALES).optional(),
  vat_number: digitsField(VAT_NUMBER, MESSAGES.invalidVatNumber).optional(),
  cr_number: digitsField(CR_NUMBER, MESSAGES.invalidCrNumber).optional(),
  national_address: nationalAddressSchema.nullish(),
});

/**
 * "Invoice to my company" at checkout: what a standard (B2B) tax invoice names of its buyer — company name, VAT
 * number, commercial registration and national address — all required, in the profile's formats. The form saves them
 * to the profile (`profileSchema` checks them again there); the invoice freezes them when the payment settles.
 */
export const companyInvoiceSchema = z.object({
  company_name: nameText(LIMITS.companyMax).refine((v) => v.length > 0, MESSAGES.companyNameRequired),
  vat_number: digitsField(VAT_NUMBER, MESSAGES.invalidVatNumber).refine((v) => v !== null, MESSAGES.vatNumberRequired),
  cr_number: digitsField(CR_NUMBER, MESSAGES.invalidCrNumber).refine((v) => v !== null, MESSAGES.crNumberRequired),
  national_address: nationalAddressSchema.transform((a, ctx) => {
    if (a) return a;
    ctx.addIssue({ code: 'custom', message: MESSAGES.addressIncomplete, path: ['building_number'] });
    return z.NEVER;
  }),
});

/** True when the profile already holds everything `companyInvoiceSchema` asks (the checkout then only confirms). */
export const hasCompanyInvoiceDetails = (u: {
  companyName?: string | null;
  vatNumber?: string | null;
  crNumber?: string | null;
  nationalAddress?: unknown;
}) => !!(u.companyName && u.vatNumber && VAT_NUMBER.test(u.vatNumber) && u.crNumber && u.nationalAddress);

/**
 * A paged list's page (1-based) and `pageSize`, with that list's default and largest page size; REST names them
 * `?page=&page_size=` and its routes rename at the edge (`fromRest`).
 */
export const pageQuerySchema = (pageSizeDefault: number, pageSizeMax: number) =>
  z.object({
    page: numberInput(z.number().int().min(1).max(10_000))
      .nullish()
      .transform((v) => v ?? 1),
    pageSize: numberInput(z.number().int().min(1).max(pageSizeMax))
      .nullish()
      .transform((v) => v ?? pageSizeDefault),
  });
