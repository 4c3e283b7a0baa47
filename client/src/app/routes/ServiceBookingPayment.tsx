import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Button, Card, Center, Container, DataList, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ServiceBookingQuery } from '../../features/service-bookings/operations';
import { serviceName } from '../../features/service-bookings/labels';
import { formatDateTime, formatSAR } from '../../lib/format';
import { paths } from '../../config/paths';

/**
 * /payment/service/{id}: what a confirmed service booking costs (the quote + 15% VAT, from the server). Online payment
 * of service bookings has not landed yet (docs/decisions.md, "Service bookings"): the page says so instead of a
 * checkout that cannot take the money.
 */
export default function ServiceBookingPaymentPage() {
  const { serviceBookingId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, loading, error } = useQuery(ServiceBookingQuery, { variables: { id: serviceBookingId }, fetchPolicy: 'network-only' });
  const b = data?.serviceBooking;
  if (loading && !b)
    return (
      <Center py="24">
        <Spinner size="lg" aria-label={t('common.loading')} />
      </Center>
    );
  return (
    <Container maxW="3xl" py="12">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('serviceBookings.checkoutTitle')}
        </Heading>
        {error || !b ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('serverMessages.sbNotFound')}</Alert.Title>
          </Alert.Root>
        ) : (
          <>
            <Card.Root data-testid="service-checkout">
              <Card.Body>
                <DataList.Root orientation="horizontal">
                  <DataList.Item>
                    <DataList.ItemLabel>{t('serviceBookings.service')}</DataList.ItemLabel>
                    <DataList.ItemValue>{serviceName(b, lng)}</DataList.ItemValue>
                  </DataList.Item>
                  {b.scheduledAt && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('serviceBookings.scheduledAt')}</DataList.ItemLabel>
                      <DataList.ItemValue>{formatDateTime(b.scheduledAt, lng)}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                  {b.price !== null && b.price !== undefined && (
                    <>
                      <DataList.Item>
                        <DataList.ItemLabel>{t('serviceBookings.subtotal')}</DataList.ItemLabel>
                        <DataList.ItemValue>{formatSAR(b.price, lng)}</DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel>{t('adminServiceBookings.vat')}</DataList.ItemLabel>
                        <DataList.ItemValue>{formatSAR(b.vatAmount ?? 0, lng)}</DataList.ItemValue>
                      </DataList.Item>
                      <DataList.Item>
                        <DataList.ItemLabel fontWeight="semibold">{t('serviceBookings.total')}</DataList.ItemLabel>
                        <DataList.ItemValue fontWeight="semibold" data-testid="checkout-total">
                          {formatSAR(b.totalWithVat ?? 0, lng)}
                        </DataList.ItemValue>
                      </DataList.Item>
                    </>
                  )}
                </DataList.Root>
              </Card.Body>
            </Card.Root>
            <Alert.Root status="info" data-testid="service-payment-unavailable">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('serviceBookings.payOnlineSoonTitle')}</Alert.Title>
                <Alert.Description>
                  <Text>{t('serviceBookings.payOnlineSoonText')}</Text>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          </>
        )}
        <HStack gap="3">
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.dashboard}>{t('serviceBookings.backToDashboard')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.contact}>{t('serviceBookings.contactUs')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
