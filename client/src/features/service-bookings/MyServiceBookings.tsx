import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { canCompletePayment } from '@shared/service-bookings.rules';
import { MyServiceBookingsQuery } from './operations';
import { useAuth } from '../../lib/auth';
import { formatDateTime, formatSAR } from '../../lib/format';
import { paths } from '../../config/paths';
import { PAYMENT_COLORS, STATUS_COLORS, serviceName } from './labels';
import { ServiceBookingActions } from './ServiceBookingActions';
import { PreferredWhen } from './PreferredWhen';
import { RowsSkeleton } from '../../components/ui/skeletons';

/**
 * Dashboard "Service bookings": the spec's fields, statuses, and Complete Payment (spec section 4's rule).
 * `paidActions` is shown on paid ones (the route passes the invoice's actions).
 */
export function MyServiceBookings({ paidActions }: { paidActions?: (b: { id: string }) => ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { user } = useAuth();
  // Live changes (confirmed, paid, cancelled) arrive through LiveUpdates' serviceBookingUpdated, which updates this
  // cache entry in place.
  const { data, loading, error } = useQuery(MyServiceBookingsQuery, { fetchPolicy: 'cache-and-network' });
  const items = data?.myServiceBookings ?? [];
  return (
    <Box as="section" aria-labelledby="service-bookings-title" mt="10" data-testid="my-service-bookings">
      <Heading as="h2" size="lg" mb="4" id="service-bookings-title">
        {t('serviceBookings.dashboardTitle')}
      </Heading>
      {loading && !data ? (
        <RowsSkeleton rows={2} />
      ) : error && !data ? (
        <Text color="red.600">{t('dashboard.loadFailed')}</Text>
      ) : !items.length ? (
        <HStack gap="3" wrap="wrap">
          <Text color="gray.600">{t('serviceBookings.none')}</Text>
          <Button asChild size="sm" variant="outline" colorPalette="teal">
            <RouterLink to={paths.services}>{t('serviceBookings.browse')}</RouterLink>
          </Button>
        </HStack>
      ) : (
        <Stack gap="3">
          {items.map((b) => (
            <Card.Root key={b.id} size="sm" variant="outline" data-testid="service-booking">
              <Card.Body>
                <HStack justify="space-between" align="start" gap="3" wrap="wrap">
                  <Box>
                    <Text fontWeight="semibold">{serviceName(b, lng)}</Text>
                    <Text fontSize="xs" color="gray.500" dir="ltr" textAlign="start">
                      #{b.id.slice(0, 8).toUpperCase()}
                    </Text>
                  </Box>
                  <HStack gap="2">
                    <Badge colorPalette={STATUS_COLORS[b.status]} data-testid="service-booking-status">
                      {t(`serviceBookings.statuses.${b.status}`)}
                    </Badge>
                    <Badge colorPalette={PAYMENT_COLORS[b.paymentStatus]} variant="outline" data-testid="service-payment-status">
                      {t(`serviceBookings.paymentStatuses.${b.paymentStatus}`)}
                    </Badge>
                  </HStack>
                </HStack>
                <DataList.Root orientation="horizontal" size="sm" mt="3">
                  <DataList.Item>
                    <DataList.ItemLabel>{t('serviceBookings.preferredDate')}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <PreferredWhen date={b.preferredDate} time={b.preferredTime} lng={lng} />
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('serviceBookings.contactNumber')}</DataList.ItemLabel>
                    <DataList.ItemValue dir="ltr" justifyContent="flex-start">
                      {b.contactNumber}
                    </DataList.ItemValue>
                  </DataList.Item>
                  {b.advisorName && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('serviceBookings.advisor')}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid="service-advisor">{b.advisorName}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                  {b.scheduledAt && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('serviceBookings.scheduledAt')}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid="service-scheduled">{formatDateTime(b.scheduledAt, lng)}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                  {b.totalWithVat !== null && b.totalWithVat !== undefined && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('serviceBookings.total')}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid="service-total">{formatSAR(b.totalWithVat, lng)}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                  <DataList.Item>
                    <DataList.ItemLabel>{t('serviceBookings.paymentMethod')}</DataList.ItemLabel>
                    <DataList.ItemValue>{b.paymentMethod ? t(`serviceBookings.methods.${b.paymentMethod}`) : '—'}</DataList.ItemValue>
                  </DataList.Item>
                  {b.cancelReason && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('serviceBookings.cancelReason')}</DataList.ItemLabel>
                      <DataList.ItemValue>{b.cancelReason}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                </DataList.Root>
                <Text mt="2" fontSize="sm" color="gray.700" lineClamp={3} whiteSpace="pre-line">
                  {b.requirements}
                </Text>
                <ServiceBookingActions booking={b} />
                {b.paymentStatus === 'paid' && paidActions && <Box mt="3">{paidActions(b)}</Box>}
                {user && canCompletePayment(b, user.emailVerified) && (
                  <Button asChild mt="3" size="sm" colorPalette="teal" alignSelf="start" data-testid="complete-service-payment">
                    <RouterLink to={paths.payServiceBooking(b.id)}>
                      <CreditCard size={16} aria-hidden /> {t('serviceBookings.completePayment')}
                    </RouterLink>
                  </Button>
                )}
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Box>
  );
}
