/**
 * The product's validation rules and limits, in one place. The server parses every input with
 * these schemas; the client imports the same module so both say the same message.
 * Messages are the spec's (section 5/8) where it has one.
 */
import { z } from 'zod';

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  companyMax: 160,
  emailMax: 254,
  phoneMax: 32,
} as const;

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). In a name, title or file
 * name they reorder what is shown (an override makes "report‮gnp.exe" read as "reportexe.png"), and no real name
 * needs them: Arabic and English mix correctly without them (the marks U+200E/U+200F stay allowed).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
export const BIDI_CONTROLS_MESSAGE = 'Names and titles cannot contain text-direction control characters';
/** For `.refine`: true when the text has no bidi embedding/override/isolate control. */
export const noBidiControls = (s: string) => !BIDI_CONTROLS.test(s);

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
} as const;

const trimmed = (max: number) => z.string({ error: MESSAGES.requiredFields }).trim().max(max);
const requiredText = (max: number) => trimmed(max).min(1, MESSAGES.requiredFields);
/** A person's or company's name: no bidi controls. */
const nameText = (max: number) => trimmed(max).refine(noBidiControls, MESSAGES.bidiControls);
const requiredName = (max: number) => requiredText(max).refine(noBidiControls, MESSAGES.bidiControls);

export const localeSchema = z.enum(['en', 'ar']).nullish().catch('en').transform((v) => v ?? 'en');

export const emailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** A password being chosen (registration, reset, change): one rule everywhere. */
export const newPasswordSchema = z
  .string({ error: MESSAGES.requiredFields })
  .min(1, MESSAGES.requiredFields)
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong);

export const registerSchema = z.object({
  full_name: requiredName(LIMITS.nameMax),
  email: emailSchema,
  password: newPasswordSchema,
  company_name: nameText(LIMITS.companyMax).nullish().transform((v) => v || null),
  account_type: z.enum(['regular', 'host_seller']).nullish().transform((v) => v ?? 'regular'),
  locale: localeSchema,
});

export const loginSchema = z.object({
  email: z.string({ error: MESSAGES.invalidCredentials }).trim().toLowerCase().min(1, MESSAGES.requiredFields),
  password: z.string({ error: MESSAGES.invalidCredentials }).min(1, MESSAGES.requiredFields).max(LIMITS.passwordMax, MESSAGES.invalidCredentials),
});

export const tokenSchema = z.object({
  token: z.string({ error: MESSAGES.verificationInvalid }).trim().min(1, MESSAGES.verificationInvalid).max(200, MESSAGES.verificationInvalid),
});

export const emailOnlySchema = z.object({ email: emailSchema, locale: localeSchema });

export const resetPasswordSchema = z.object({
  token: z.string({ error: MESSAGES.passwordResetInvalid }).trim().min(1, MESSAGES.passwordResetInvalid).max(200, MESSAGES.passwordResetInvalid),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  current_password: z.string({ error: MESSAGES.requiredFields }).min(1, MESSAGES.requiredFields).max(LIMITS.passwordMax, MESSAGES.currentPasswordWrong),
  new_password: newPasswordSchema,
});

export const profileSchema = z.object({
  full_name: requiredName(LIMITS.nameMax),
  company_name: nameText(LIMITS.companyMax).nullish().transform((v) => v || null),
  phone: trimmed(LIMITS.phoneMax)
    .regex(/^[+0-9 ()-]*$/, 'Please enter a valid phone number')
    .nullish()
    .transform((v) => v || null),
  locale: z.enum(['en', 'ar']).optional(),
});

export type RegisterInput = z.input<typeof registerSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
