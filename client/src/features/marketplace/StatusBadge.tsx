import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const RESOURCE_COLORS: Record<string, string> = { active: 'green', pending: 'yellow', rejected: 'red', draft: 'gray', withdrawn: 'gray' };
const BOOKING_COLORS: Record<string, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  active: 'green',
  completed: 'gray',
  cancelled: 'red',
};
const PAYMENT_COLORS: Record<string, string> = { pending: 'orange', paid: 'green', failed: 'red', refunded: 'purple' };

export function ResourceStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = status in RESOURCE_COLORS ? status : 'pending';
  return (
    <Badge colorPalette={RESOURCE_COLORS[s]} data-testid="resource-status">
      {t(`market.resourceStatus.${s}`)}
    </Badge>
  );
}

/** Unknown booking statuses display as pending (spec section 4). */
export function BookingStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = status in BOOKING_COLORS ? status : 'pending';
  return (
    <Badge colorPalette={BOOKING_COLORS[s]} data-testid="booking-status">
      {t(`market.bookingStatus.${s}`)}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = status in PAYMENT_COLORS ? status : 'pending';
  return (
    <Badge colorPalette={PAYMENT_COLORS[s]} variant="outline" data-testid="payment-status">
      {t(`market.paymentStatus.${s}`)}
    </Badge>
  );
}
