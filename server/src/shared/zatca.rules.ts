/**
 * ZATCA e-invoicing phase 2 (issue #25): what onboarding asks for — the one-time code from the Fatoora portal and the
 * seller identity the certificate request and every document carry — and the messages, shared by server and client.
 */
import { z } from 'zod';

export const ZATCA_MESSAGES = {
  notConfigured: 'ZATCA e-invoicing is off on this server (ZATCA_ENV is not set)',
  otp: 'Enter the 6-digit one-time code from the Fatoora portal',
  vatNumber: 'The VAT number has 15 digits and starts and ends with 3',
  crn: 'The commercial registration number has 10 digits',
  building: 'The building number has 4 digits',
  postalCode: 'The postal code has 5 digits',
  required: 'Required',
  alreadyActive: 'ZATCA onboarding is already complete',
  failed: 'ZATCA did not complete onboarding',
  documentNotFound: 'E-invoice document not found',
  notRejected: 'Only a document ZATCA rejected can be corrected and resubmitted, once',
  notActive: 'ZATCA onboarding is not complete: there is no production certificate to renew',
  renewalFailed: 'ZATCA did not renew the certificate',
  sellerName: 'The seller’s name must be the platform name in Admin › Settings › General',
  sellerVatNumber: 'The seller’s VAT number must be the VAT registration number in Admin › Settings › General',
  vatNumberOnboarded: 'The VAT registration number is the one onboarded with ZATCA: it cannot change while e-invoicing is active',
} as const;

const text = (max: number) => z.string({ error: ZATCA_MESSAGES.required }).trim().min(1, ZATCA_MESSAGES.required).max(max);

/** Renewal of the production CSID: the new one-time code from the Fatoora portal. */
export const zatcaRenewalSchema = z.object({
  otp: z
    .string({ error: ZATCA_MESSAGES.otp })
    .trim()
    .regex(/^\d{6}$/, ZATCA_MESSAGES.otp),
});

/** Days before the production certificate expires from which the admin card asks for its renewal. */
export const ZATCA_RENEWAL_WARNING_DAYS = 30;

export const zatcaOnboardingSchema = z.object({
  otp: z
    .string({ error: ZATCA_MESSAGES.otp })
    .trim()
    .regex(/^\d{6}$/, ZATCA_MESSAGES.otp),
  seller: z.object({
    name: text(200),
    vat_number: z
      .string({ error: ZATCA_MESSAGES.vatNumber })
      .trim()
      .regex(/^3\d{13}3$/, ZATCA_MESSAGES.vatNumber),
    crn: z
      .string({ error: ZATCA_MESSAGES.crn })
      .trim()
      .regex(/^\d{10}$/, ZATCA_MESSAGES.crn),
    street: text(127),
    building: z
      .string({ error: ZATCA_MESSAGES.building })
      .trim()
      .regex(/^\d{4}$/, ZATCA_MESSAGES.building),
    district: text(127),
    city: text(127),
    postal_code: z
      .string({ error: ZATCA_MESSAGES.postalCode })
      .trim()
      .regex(/^\d{5}$/, ZATCA_MESSAGES.postalCode),
    branch: text(100),
    industry: text(100),
  }),
});

export type ZatcaSeller = z.output<typeof zatcaOnboardingSchema>['seller'];
