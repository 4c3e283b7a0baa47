import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { BookingRow_BookingFragment } from '../../gql/graphql';
import { formatBookingRange, formatDate, formatSAR } from '../../lib/format';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { CancelBookingMutation, MyBookingsQuery } from './operations';
import { BookingStatusBadge, PaymentStatusBadge } from './StatusBadge';
import { CancelBookingButton, RefundLine } from './CancellationPolicy';
import { marketError } from './messages';

/** The logged-in user's bookings (kept live through the cache) and the cancel action (list reloads afterwards, spec section 4). */
export function useMyBookings() {
  const q = useQuery(MyBookingsQuery, { fetchPolicy: 'cache-and-network' });
  const [cancelMutation] = useMutation(CancelBookingMutation);
  const { t } = useTranslation();
  // Live: a payment, an expired hold or a booking made in another tab shows without reloading — the app-wide
  // bookingUpdated subscription (features/live) writes each changed booking into the cache this list reads.
  const cancel = async (id: string) => {
    try {
      await cancelMutation({ variables: { id } });
      notify.success(t('market.bookings.cancelled'));
      await q.refetch();
    } catch (err) {
      notify.error(marketError(err, t('market.bookings.cancelFailed')));
    }
  };
  return { bookings: q.data?.myBookings ?? [], loading: q.loading && !q.data, error: q.error, cancel };
}

const canCancel = (b: BookingRow_BookingFragment) => b.status === 'pending' || b.status === 'confirmed';
const canPay = (b: BookingRow_BookingFragment) => b.paymentStatus === 'pending' && b.status !== 'cancelled';

/**
 * One booking. Without `onCancel` (a host's view of their listings' bookings) it has no actions and names who booked.
 * `payAction` replaces the Pay Now button (the dashboard's Complete Payment, spec section 4). `paidActions` is shown
 * on a paid booking (the routes pass the invoice's actions: features do not import each other).
 */
export function BookingRow({
  booking: b,
  onCancel,
  userName,
  payAction,
  paidActions,
  actions,
}: {
  booking: BookingRow_BookingFragment;
  onCancel?: (id: string) => Promise<void>;
  userName?: string;
  payAction?: (b: BookingRow_BookingFragment) => ReactNode;
  paidActions?: (b: BookingRow_BookingFragment) => ReactNode;
  /** Shown on every booking (the customer's "Message the host"). */
  actions?: (b: BookingRow_BookingFragment) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root size="sm" data-testid="booking-row" data-booking-id={b.id}>
      <Card.Body>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Stack gap="1">
            <Text fontWeight="semibold">
              <RouterLink to={paths.resource(b.resourceId)}>{b.resourceTitle}</RouterLink>
            </Text>
            <Text fontSize="sm" color="gray.600">
              {b.resourceType === 'digital'
                ? t('market.bookings.digitalPurchase', { date: formatDate(b.startDate, i18n.language) })
                : formatBookingRange(b.startDate, b.endDate, i18n.language)}
            </Text>
            {userName && (
              <Text fontSize="sm" color="gray.600">
                {t('market.bookings.bookedBy', { name: userName })}
              </Text>
            )}
            <HStack gap="2">
              <BookingStatusBadge status={b.status} />
              <PaymentStatusBadge status={b.paymentStatus} />
            </HStack>
            <RefundLine status={b.refundStatus} amount={b.refundAmount} />
          </Stack>
          <Stack align={{ base: 'start', md: 'end' }} gap="2">
            {/* What the customer pays, VAT included (the checkout and the invoice show the split). */}
            <Text fontWeight="bold" data-testid="booking-amount">
              {formatSAR(b.totalWithVat, i18n.language)}
            </Text>
            <Text fontSize="xs" color="gray.600">
              {t('market.bookings.inclVat')}
            </Text>
            <HStack gap="2" flexWrap="wrap">
              {actions?.(b)}
              {payAction && payAction(b)}
              {onCancel && !payAction && canPay(b) && (
                <Button asChild size="sm" colorPalette="teal">
                  <RouterLink to={paths.payBooking(b.id)}>{t('market.bookings.payNow')}</RouterLink>
                </Button>
              )}
              {b.paymentStatus === 'paid' && paidActions?.(b)}
              {onCancel && canCancel(b) && (
                <CancelBookingButton
                  bookingId={b.id}
                  trigger={
                    <Button size="sm" variant="outline" colorPalette="red">
                      {t('market.bookings.cancel')}
                    </Button>
                  }
                  title={t('market.bookings.cancelTitle')}
                  message={t('market.bookings.cancelConfirm')}
                  confirmLabel={t('market.bookings.cancelYes')}
                  onConfirm={() => onCancel(b.id)}
                />
              )}
            </HStack>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function BookingList({
  bookings,
  onCancel,
  payAction,
  paidActions,
  actions,
}: {
  bookings: BookingRow_BookingFragment[];
  onCancel: (id: string) => Promise<void>;
  payAction?: (b: BookingRow_BookingFragment) => ReactNode;
  paidActions?: (b: BookingRow_BookingFragment) => ReactNode;
  actions?: (b: BookingRow_BookingFragment) => ReactNode;
}) {
  return (
    <Stack gap="3">
      {bookings.map((b) => (
        <BookingRow key={b.id} booking={b} onCancel={onCancel} payAction={payAction} paidActions={paidActions} actions={actions} />
      ))}
    </Stack>
  );
}
