import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Box, Button, Center, Container, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, CircleX, SearchX } from 'lucide-react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { BookingPaymentsQuery, ConfirmPaymentMutation, PaymentEligibilityQuery } from '../../features/payments/operations';
import { isFailed, isInFlight, isPaid, usePaymentUpdates } from '../../features/payments/usePaymentUpdates';
import { PaymentForm, type PaymentBooking } from '../../features/payments/PaymentForm';
import { CompanyInvoice } from '../../features/invoices/CompanyInvoice';
import { PaymentSummary } from '../../features/payments/Summary';
import { CheckoutChecking, CheckoutFailed } from '../../features/payments/CheckoutStates';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { formatSAR } from '../../lib/format';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { InvoiceActions } from '../../features/invoices/InvoiceActions';
import { useAuth } from '../../lib/auth';
import { PAYMENT_MESSAGES as PM } from '@shared/payments.rules';
import { serviceName } from '../../features/service-bookings/labels';
import { CancellationPolicyText } from '../../features/marketplace/CancellationPolicy';
import { ServiceBookingSummaryQuery } from '../../features/service-bookings/operations';
import { listOf, NotAvailable } from '../../features/payments/NotAvailable';

/** The summary's fields of what is paid: a booking's dates, or a service booking's meeting. */
const summaryOf = (b: PaymentBooking) => ({
  title: b.resourceTitle,
  start: b.startDate,
  end: b.endDate,
  meeting: b.meeting,
  service: b.service,
});

/** Back from the gateway: `?booking_id=` or, for a service booking, `?service_booking_id=`. */
function returned(search: URLSearchParams): { id: string | null; service: boolean } {
  const booking = search.get('booking_id');
  if (booking) return { id: booking, service: false };
  const service = search.get('service_booking_id');
  return { id: service, service: !!service };
}

function NoBooking() {
  const { t } = useTranslation();
  return (
    <Container maxW="lg" py="16">
      <Stack gap="4" align="center" textAlign="center">
        <SearchX size={48} aria-hidden />
        <Heading as="h1" size="xl">
          {t('payment.noBookingTitle')}
        </Heading>
        <Text color="gray.600">{t('payment.noBookingText')}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={paths.resources}>{t('payment.browse')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

/** /payment/checkout (booking in navigation state) and /payment/{bookingId}: eligibility, summary, card or gateway. */
export default function PaymentPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const stateBooking = (location.state as { booking?: PaymentBooking } | null)?.booking;
  const bookingId = params.bookingId ?? stateBooking?.id;
  // Spec section 6: paying needs a verified email (canMakePayments). Without it the checkout says so at once; the
  // moment it becomes true (verified in another tab: meUpdated) the eligibility is asked, and the server decides.
  const { canMakePayments } = useAuth();
  const { data, loading, error } = useQuery(PaymentEligibilityQuery, {
    variables: { bookingId: bookingId ?? '', id: bookingId ?? '' },
    skip: !bookingId || !canMakePayments,
    fetchPolicy: 'network-only',
  });
  const navigate = useNavigate();
  const paidBooking = useRef<PaymentBooking | null>(null);
  // Paid meanwhile (another tab, the gateway's webhook): straight to the success screen.
  usePaymentUpdates(bookingId, (p) => {
    if (!isPaid(p.status) || !paidBooking.current) return;
    notify.success(t('payment.success'));
    navigate(paths.paymentSuccess, { replace: true, state: { booking: paidBooking.current, transactionId: p.transactionId } });
  });

  if (!bookingId) return <NoBooking />;
  if (!canMakePayments)
    return (
      <Container maxW="3xl" py="10">
        <Heading as="h1" size="2xl" mb="6">
          {t('payment.title')}
        </Heading>
        <NotAvailable message={translateServerMessage(PM.emailNotVerified)} reason="email_not_verified" />
      </Container>
    );
  if (loading || (!data && !error)) return <CheckoutChecking />;
  if (error || !data) return <CheckoutFailed error={error} />;
  const e = data.paymentEligibility;
  const b = data.booking;
  const booking: PaymentBooking = {
    id: b.id,
    resourceTitle: b.resourceTitle,
    startDate: b.startDate,
    endDate: b.endDate,
    totalAmount: e.amount,
  };
  // eslint-disable-next-line react-hooks/refs -- read only by the payment-update callback, never to render; set here because the booking exists only past the early returns
  paidBooking.current = booking;
  return (
    <Container maxW="3xl" py="10">
      <Heading as="h1" size="2xl" mb="6">
        {t('payment.title')}
      </Heading>
      {!e.canPay ? (
        <NotAvailable message={translateServerMessage(e.message)} reason={e.reason} />
      ) : (
        <Stack gap="6">
          <PaymentSummary
            title={e.resourceTitle}
            start={b.startDate}
            end={b.endDate}
            subtotal={e.subtotal}
            vat={e.vat}
            total={e.amount}
            paymentMethod={e.paymentMethod}
          />
          <CancellationPolicyText policy={b.cancellationPolicy} digital={b.resourceType === 'digital'} />
          <CompanyInvoice />
          <PaymentForm
            booking={booking}
            amountLabel={formatSAR(e.amount, i18n.language)}
            testMode={e.testMode}
            testCards={e.testCards}
            directCard={e.directCard}
          />
        </Stack>
      )}
    </Container>
  );
}

/** /payment/success: after a direct charge (state) or back from the gateway (?booking_id&paymentId, verified by the server). */
export function PaymentSuccessPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const state = location.state as { booking?: PaymentBooking; transactionId?: string; pending?: boolean } | null;
  const [confirm] = useMutation(ConfirmPaymentMutation);
  const [result, setResult] = useState<{ booking?: PaymentBooking; transactionId?: string | null } | null>(
    state?.booking && !state.pending ? state : null,
  );
  // The bank has not answered yet (a slow direct charge, or back from the gateway before it decided): wait, live.
  const [waiting, setWaiting] = useState<PaymentBooking | null>(state?.pending && state.booking ? state.booking : null);
  const started = useRef(false);
  const back = returned(search);
  const bookingId = back.id;
  const service = state?.booking?.service ?? back.service;
  const paymentId = search.get('paymentId');
  const list = listOf(service);

  usePaymentUpdates(
    result ? null : (state?.booking?.id ?? bookingId),
    (p) => {
      const booking = waiting ?? state?.booking;
      if (isPaid(p.status)) {
        notify.success(t('payment.success'));
        setWaiting(null);
        setResult({ booking, transactionId: p.transactionId });
      } else if (isFailed(p.status) && waiting) {
        notify.error(t('payment.failed'));
        navigate(paths.paymentError, { replace: true, state: { booking, error: p.error ? translateServerMessage(p.error) : undefined } });
      }
    },
    service,
  );

  useEffect(() => {
    if (state?.booking || !bookingId || !paymentId || started.current) return;
    started.current = true;
    confirm({ variables: { ...(back.service ? { serviceBookingId: bookingId } : { bookingId }), paymentId } })
      .then(({ data }) => {
        const r = data!.confirmPayment;
        const sb = r.serviceBooking;
        const booking: PaymentBooking = sb
          ? {
              id: sb.id,
              resourceTitle: serviceName(sb, i18n.language),
              startDate: null,
              endDate: null,
              meeting: sb.scheduledAt,
              totalAmount: sb.totalWithVat ?? 0,
              service: true,
            }
          : {
              id: r.booking!.id,
              resourceTitle: r.booking!.resourceTitle,
              startDate: r.booking!.startDate,
              endDate: r.booking!.endDate,
              totalAmount: r.booking!.totalWithVat,
            };
        if (r.success) {
          notify.success(t('payment.success'));
          setResult({ booking, transactionId: r.transactionId });
        } else if (isInFlight(r.status)) setWaiting(booking);
        else
          navigate(paths.paymentError, { replace: true, state: { booking, error: r.error ? translateServerMessage(r.error) : undefined } });
      })
      .catch((err) => navigate(paths.paymentError, { replace: true, state: { error: errorMessage(err, t('payment.processingFailed')) } }));
  }, [bookingId, paymentId]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!state?.booking && !bookingId) return <Navigate to={paths.myBookings} replace />;
  const tried = waiting ?? result?.booking;
  if (!result && waiting)
    return (
      <Container maxW="2xl" py="12">
        <Stack gap="5" align="center" textAlign="center" aria-live="polite" data-testid="payment-waiting">
          <Spinner size="lg" />
          <Heading as="h1" size="xl">
            {t('payment.waitingTitle')}
          </Heading>
          <Text color="gray.700">{t('payment.waitingText')}</Text>
          <Box w="full" textAlign="start">
            <PaymentSummary {...summaryOf(waiting)} total={waiting.totalAmount} pending />
          </Box>
          <Button asChild variant="outline">
            <RouterLink to={list.to}>{t(list.label)}</RouterLink>
          </Button>
        </Stack>
      </Container>
    );
  if (!result)
    return (
      <Center py="24" flexDirection="column" gap="3" aria-live="polite">
        <Spinner size="lg" />
        <Text>{t('payment.confirming')}</Text>
      </Center>
    );
  const b = result.booking;
  return (
    <Container maxW="2xl" py="12">
      <Stack gap="6" align="center" textAlign="center">
        <Box color="green.600" aria-hidden>
          <CircleCheck size={56} />
        </Box>
        <Heading as="h1" size="2xl">
          {t('payment.successTitle')}
        </Heading>
        {b && (
          <Box w="full" textAlign="start">
            <PaymentSummary
              {...summaryOf(b)}
              total={b.totalAmount}
              transactionId={result.transactionId}
              totalLabel={t('payment.totalPaid')}
            />
          </Box>
        )}
        <Text color="gray.600">{t('payment.emailSent')}</Text>
        {b && <InvoiceActions bookingId={b.id} service={b.service} size="md" />}
        <HStack>
          <Button asChild colorPalette="teal">
            <RouterLink to={listOf(b?.service ?? tried?.service).to}>{t(listOf(b?.service ?? tried?.service).label)}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.home}>{t('common.backToHome')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}

/** /payment/error: what failed, the booking still pending, common causes, Try Again. */
export function PaymentErrorPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const state = location.state as { booking?: PaymentBooking; error?: string } | null;
  const back = returned(search);
  const bookingId = state?.booking?.id ?? back.id;
  const service = state?.booking?.service ?? back.service;
  const client = useApolloClient();
  // Back from the hosted gateway (?booking_id=, no navigation state): the booking and its last attempt come from the server.
  const fetched = useQuery(BookingPaymentsQuery, {
    variables: { bookingId: bookingId ?? '', id: bookingId ?? '' },
    skip: !!state?.booking || !bookingId || service,
    fetchPolicy: 'network-only',
  }).data;
  // The same for a service booking: its name, meeting and total come from the server.
  const fetchedService = useQuery(ServiceBookingSummaryQuery, {
    variables: { id: bookingId ?? '' },
    skip: !!state?.booking || !bookingId || !service,
    fetchPolicy: 'network-only',
  }).data?.serviceBooking;
  const fb = fetched?.booking ?? fetchedService;
  const booking: PaymentBooking | undefined =
    state?.booking ??
    (fetched?.booking
      ? {
          id: fetched.booking.id,
          resourceTitle: fetched.booking.resourceTitle,
          startDate: fetched.booking.startDate,
          endDate: fetched.booking.endDate,
          totalAmount: fetched.booking.totalWithVat,
        }
      : fetchedService
        ? {
            id: fetchedService.id,
            resourceTitle: serviceName(fetchedService, i18n.language),
            startDate: null,
            endDate: null,
            meeting: fetchedService.scheduledAt,
            totalAmount: fetchedService.totalWithVat ?? 0,
            service: true,
          }
        : undefined);
  // The newest attempt first: its error is the one this return is about.
  const last = fetched?.bookingPayments[0];
  const lastError = last && isFailed(last.status) ? last.error : null;
  const shownError = state?.error ?? (lastError ? translateServerMessage(lastError) : undefined);
  // The money arrived after all (a late bank answer, the gateway's webhook): move on to the success screen.
  usePaymentUpdates(
    bookingId,
    async (p) => {
      if (!isPaid(p.status) || !bookingId) return;
      // A service booking without its summary in hand: the dashboard shows it paid, with its invoice.
      if (service && !state?.booking) {
        notify.success(t('payment.success'));
        return navigate(paths.dashboard, { replace: true });
      }
      let booking = state?.booking;
      if (!booking) {
        const { data } = await client.query({
          query: BookingPaymentsQuery,
          variables: { bookingId, id: bookingId },
          fetchPolicy: 'network-only',
        });
        const b = data?.booking;
        if (b)
          booking = {
            id: b.id,
            resourceTitle: b.resourceTitle,
            startDate: b.startDate,
            endDate: b.endDate,
            totalAmount: b.totalWithVat,
          };
      }
      notify.success(t('payment.success'));
      navigate(paths.paymentSuccess, { replace: true, state: { booking, transactionId: p.transactionId } });
    },
    service,
  );
  const tryAgain = () => {
    if (service && bookingId) navigate(paths.payServiceBooking(bookingId));
    else if (state?.booking) navigate(paths.checkout, { state: { booking: state.booking } });
    else if (bookingId) navigate(paths.payBooking(bookingId));
    else navigate(paths.resources);
  };
  return (
    <Container maxW="2xl" py="12">
      <Stack gap="6">
        <Stack align="center" textAlign="center" gap="3">
          <Box color="red.600" aria-hidden>
            <CircleX size={56} />
          </Box>
          <Heading as="h1" size="2xl">
            {t('payment.failedTitle')}
          </Heading>
          {shownError && (
            <Text color="red.700" role="alert">
              {shownError}
            </Text>
          )}
        </Stack>
        {booking && (
          <PaymentSummary {...summaryOf(booking)} total={booking.totalAmount} pending={fb ? fb.paymentStatus === 'pending' : true} />
        )}
        <Box>
          <Heading as="h2" size="md" mb="2">
            {t('payment.commonIssues')}
          </Heading>
          <List.Root ps="5">
            <List.Item>{t('payment.issueFunds')}</List.Item>
            <List.Item>{t('payment.issueDetails')}</List.Item>
            <List.Item>{t('payment.issueExpired')}</List.Item>
            <List.Item>{t('payment.issueInternational')}</List.Item>
          </List.Root>
        </Box>
        <HStack wrap="wrap">
          <Button colorPalette="teal" onClick={tryAgain}>
            {t('payment.tryAgain')}
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.contact}>{t('payment.contactSupport')}</RouterLink>
          </Button>
          <Button asChild variant="ghost">
            <RouterLink to={paths.home}>{t('common.backToHome')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
