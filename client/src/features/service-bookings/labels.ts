import { CombinedGraphQLErrors } from '@apollo/client';

export const STATUS_COLORS: Record<string, string> = { pending: 'orange', confirmed: 'blue', completed: 'green', cancelled: 'gray' };
export const PAYMENT_COLORS: Record<string, string> = { pending: 'yellow', paid: 'green', failed: 'red', refunded: 'purple' };

/** The service's name in the UI language (both are stored on the booking). */
export const serviceName = (b: { serviceName: string; serviceNameAr: string }, lng: string) =>
  lng === 'ar' ? b.serviceNameAr : b.serviceName;

/** The field a server refusal names (extensions.field), if any. */
export function errorField(err: unknown): string | null {
  if (!CombinedGraphQLErrors.is(err)) return null;
  const f = err.errors[0]?.extensions?.field;
  return typeof f === 'string' ? f : null;
}
