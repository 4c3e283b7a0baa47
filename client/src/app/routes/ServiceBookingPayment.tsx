import { useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_MESSAGES as PM } from '@shared/payments.rules';
import { ServicePaymentEligibilityQuery } from '../../features/payments/operations';
import { PaymentForm, type PaymentBooking } from '../../features/payments/PaymentForm';
import { CompanyInvoice } from '../../features/invoices/CompanyInvoice';
import { PaymentSummary } from '../../features/payments/Summary';
import { CheckoutChecking, CheckoutFailed } from '../../features/payments/CheckoutStates';
import { isPaid, usePaymentUpdates } from '../../features/payments/usePaymentUpdates';
import { serviceName } from '../../features/service-bookings/labels';
import { translateServerMessage } from '../../lib/errors';
import { formatSAR } from '../../lib/format';
import { notify } from '../../components/ui/toaster';
import { useAuth } from '../../lib/auth';
import { paths } from '../../config/paths';
import { NotAvailable } from '../../features/payments/NotAvailable';

/**
 * /payment/service/{id}: the checkout of a confirmed service booking — the quote, 15% VAT and the total from the
 * server, then the same card / payment-gateway choice as a resource booking's checkout.
 */
export default function ServiceBookingPaymentPage() {
  const { serviceBookingId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const navigate = useNavigate();
  // Spec section 6: paying needs a verified email; the server decides everything else (confirmed, price, unpaid).
  const { canMakePayments } = useAuth();
  const { data, loading, error } = useQuery(ServicePaymentEligibilityQuery, {
    variables: { serviceBookingId, id: serviceBookingId },
    skip: !serviceBookingId || !canMakePayments,
    fetchPolicy: 'network-only',
  });
  const paidBooking = useRef<PaymentBooking | null>(null);
  // Paid meanwhile (another tab, the gateway's webhook): straight to the success screen.
  usePaymentUpdates(
    serviceBookingId,
    (p) => {
      if (!isPaid(p.status) || !paidBooking.current) return;
      notify.success(t('payment.success'));
      navigate(paths.paymentSuccess, { replace: true, state: { booking: paidBooking.current, transactionId: p.transactionId } });
    },
    true,
  );

  const heading = (
    <Heading as="h1" size="2xl" mb="6">
      {t('serviceBookings.checkoutTitle')}
    </Heading>
  );
  if (!canMakePayments)
    return (
      <Container maxW="3xl" py="10">
        {heading}
        <NotAvailable message={translateServerMessage(PM.emailNotVerified)} reason="email_not_verified" service />
      </Container>
    );
  if (loading || (!data && !error)) return <CheckoutChecking />;
  if (error || !data)
    return (
      <CheckoutFailed error={error}>
        <Button asChild mt="4" variant="outline">
          <RouterLink to={paths.dashboard}>{t('payment.toDashboard')}</RouterLink>
        </Button>
      </CheckoutFailed>
    );
  const e = data.paymentEligibility;
  const b = data.serviceBooking;
  const booking: PaymentBooking = {
    id: b.id,
    resourceTitle: serviceName(b, lng),
    startDate: null,
    endDate: null,
    meeting: b.scheduledAt,
    totalAmount: e.amount,
    service: true,
  };
  // eslint-disable-next-line react-hooks/refs -- read only by the payment-update callback, never to render; set here because the booking exists only past the early returns
  paidBooking.current = booking;
  return (
    <Container maxW="3xl" py="10">
      {heading}
      {!e.canPay ? (
        <NotAvailable message={translateServerMessage(e.message)} reason={e.reason} service />
      ) : (
        <Stack gap="6" data-testid="service-checkout">
          <PaymentSummary
            title={booking.resourceTitle}
            meeting={b.scheduledAt}
            service
            subtotal={e.subtotal}
            vat={e.vat}
            total={e.amount}
            paymentMethod={e.paymentMethod}
          />
          <Text fontSize="sm" color="gray.700" fontWeight="medium">
            {t('payment.noRefunds')}
          </Text>
          <CompanyInvoice />
          <PaymentForm
            booking={booking}
            amountLabel={formatSAR(e.amount, lng)}
            testMode={e.testMode}
            testCards={e.testCards}
            directCard={e.directCard}
          />
        </Stack>
      )}
    </Container>
  );
}
