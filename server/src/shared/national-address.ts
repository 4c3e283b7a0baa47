// No imports: the client's profile and checkout forms use it, and it must bring no zod with it.

/**
 * The Saudi national address (SPL) as it is stored on the account, frozen into invoices and given by REST
 * (snake_case); `nationalAddressSchema` (rules.ts) checks it. Every part but the additional number is required.
 */
export interface NationalAddressFields {
  building_number: string;
  street: string;
  district: string;
  city: string;
  postal_code: string;
  additional_number: string | null;
}

/** The same address as GraphQL gives it (camelCase). */
export interface NationalAddressGraphql {
  buildingNumber: string;
  street: string;
  district: string;
  city: string;
  postalCode: string;
  additionalNumber: string | null;
}

/** A form's field names for the address it holds as `national_address`: the whole and each part. */
export const NATIONAL_ADDRESS_FORM_FIELDS = [
  'national_address',
  ...(['building_number', 'street', 'district', 'city', 'postal_code', 'additional_number'] as const).map(
    (k) => `national_address.${k}` as const,
  ),
] as const;

/** A stored address as GraphQL gives it. */
export const toGraphqlAddress = (a: NationalAddressFields): NationalAddressGraphql => ({
  buildingNumber: a.building_number,
  street: a.street,
  district: a.district,
  city: a.city,
  postalCode: a.postal_code,
  additionalNumber: a.additional_number,
});

/**
 * An address in GraphQL's names in the stored names, part for part: a frozen one as the server reads it, or one a
 * client sent (each part may be absent or null) for the shared rules to check.
 */
export function toStoredAddress(a: NationalAddressGraphql): NationalAddressFields;
export function toStoredAddress(a: { [K in keyof NationalAddressGraphql]?: string | null }): {
  [K in keyof NationalAddressFields]: string | null | undefined;
};
export function toStoredAddress(a: { [K in keyof NationalAddressGraphql]?: string | null }) {
  return {
    building_number: a.buildingNumber,
    street: a.street,
    district: a.district,
    city: a.city,
    postal_code: a.postalCode,
    additional_number: a.additionalNumber,
  };
}

/** A form's starting values for the address GraphQL gave (blank where there is none). */
export const addressFormValues = (a: Partial<NationalAddressGraphql> | null | undefined) => ({
  building_number: a?.buildingNumber ?? '',
  street: a?.street ?? '',
  district: a?.district ?? '',
  city: a?.city ?? '',
  postal_code: a?.postalCode ?? '',
  additional_number: a?.additionalNumber ?? '',
});
