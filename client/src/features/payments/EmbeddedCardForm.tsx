import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ExecutePaymentSessionMutation, StartPaymentSessionMutation } from './operations';
import { notify } from '../../components/ui/toaster';
import { CombinedGraphQLErrors } from '@apollo/client';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import type { PaymentBooking } from './PaymentForm';
import { localeOf } from '@shared/locale';

/** The server's answer while an earlier payment of this booking is being confirmed with the gateway. */
const CONFIRMING_KEY = 'weAreConfirmingYourPayment';

/** The entry point MyFatoorah's session.js (and the test gateway's stand-in) puts on window. */
interface MyFatoorahEmbedded {
  init(config: {
    sessionId: string;
    countryCode: string;
    currencyCode: string;
    amount: string;
    containerId: string;
    /** session.js's own setting (the languages its card form offers), not ours: a language we add must be mapped. */
    language: 'en' | 'ar';
    paymentOptions: string[];
    callback: (response: { isSuccess?: boolean; sessionId?: string; paymentType?: string }) => void;
  }): void;
}
declare global {
  interface Window {
    myfatoorah?: MyFatoorahEmbedded;
  }
}

const CONTAINER = 'mf-embedded-payment';

/** Loads a script once per URL (the session changes, the form's script does not). */
function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[data-mf-embedded="${CSS.escape(src)}"]`);
  if (existing && window.myfatoorah) return Promise.resolve();
  existing?.remove();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.dataset.mfEmbedded = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('script'));
    document.head.appendChild(s);
  });
}

/**
 * MyFatoorah's Embedded Payment: a session from our server, MyFatoorah's card form drawn from its script (the card
 * goes to MyFatoorah, never to us), then the session is paid on our server with 3-D Secure. When the bank wants
 * the browser, it goes to the payment URL and comes back to /payment/success or /payment/error, checked there.
 */
export function EmbeddedCardForm({
  booking,
  payable,
}: {
  booking: PaymentBooking;
  payable: { bookingId?: string; serviceBookingId?: string };
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [start] = useMutation(StartPaymentSessionMutation);
  const [execute] = useMutation(ExecutePaymentSessionMutation);
  const [state, setState] = useState<'loading' | 'ready' | 'paying' | 'redirect' | 'failed' | 'confirming'>('loading');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const language = localeOf(i18n.language);

  const pay = useCallback(
    async (sessionId: string) => {
      setState('paying');
      try {
        const { data } = await execute({ variables: { ...payable, sessionId } });
        const r = data?.executePaymentSession;
        if (r?.success) {
          notify.success(t('payment.success'));
          navigate(paths.paymentSuccess, { state: { booking } });
        } else if (r?.status === 'requires_action' && r.paymentUrl) {
          setState('redirect');
          window.location.assign(r.paymentUrl);
        } else if (r?.status === 'processing') {
          navigate(paths.paymentSuccess, { state: { booking, pending: true } });
        } else {
          notify.error(t('payment.failed'));
          navigate(paths.paymentError, { state: { booking, error: r?.error ? translateServerMessage(r.error) : t('payment.failed') } });
        }
      } catch (err) {
        notify.error(t('payment.processingFailed'));
        navigate(paths.paymentError, { state: { booking, error: errorMessage(err, t('payment.processingFailed')) } });
      }
    },
    [booking, execute, navigate, payable, t],
  );

  const open = useCallback(async () => {
    setState('loading');
    setError(null);
    try {
      const { data } = await start({ variables: payable });
      const s = data?.startPaymentSession;
      if (!s) throw new Error('session');
      await loadScript(s.scriptUrl);
      if (!window.myfatoorah) throw new Error('script');
      window.myfatoorah.init({
        sessionId: s.sessionId,
        countryCode: s.countryCode,
        currencyCode: 'SAR',
        amount: booking.totalAmount.toFixed(2),
        containerId: CONTAINER,
        language,
        paymentOptions: ['Card', 'ApplePay', 'GooglePay', 'STCPay'],
        callback: (response) => {
          if (response.isSuccess) void pay(s.sessionId);
        },
      });
      setState('ready');
    } catch (err) {
      setError(
        err instanceof Error && err.message !== 'session' && err.message !== 'script'
          ? errorMessage(err, t('payment.embeddedFailed'))
          : t('payment.embeddedFailed'),
      );
      // An earlier payment's outcome is still being asked of the gateway: no card form until it answers.
      setState(CombinedGraphQLErrors.is(err) && err.errors[0]?.extensions?.messageKey === CONFIRMING_KEY ? 'confirming' : 'failed');
    }
  }, [booking.totalAmount, language, pay, payable, start, t]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void open();
  }, [open]);

  return (
    <Stack gap="4" data-testid="embedded-payment">
      <Text color="gray.700">{t('payment.embeddedHint')}</Text>
      {state === 'loading' && (
        <HStack aria-live="polite">
          <Spinner size="sm" />
          <Text>{t('payment.embeddedLoading')}</Text>
        </HStack>
      )}
      {(state === 'paying' || state === 'redirect') && (
        <HStack aria-live="polite">
          <Spinner size="sm" />
          <Text>{state === 'redirect' ? t('payment.embeddedRedirect') : t('payment.processing')}</Text>
        </HStack>
      )}
      <Box id={CONTAINER} hidden={state !== 'ready'} />
      {state === 'confirming' && (
        <Stack gap="2" align="start" data-testid="payment-confirming">
          <HStack aria-live="polite">
            <Spinner size="sm" />
            <Text>{error}</Text>
          </HStack>
          <Button variant="outline" onClick={() => void open()}>
            {t('payment.checkAgain')}
          </Button>
        </Stack>
      )}
      {state === 'failed' && (
        <Stack gap="2" align="start">
          <Text color="red.600" role="alert">
            {error}
          </Text>
          <Button variant="outline" onClick={() => void open()}>
            {t('payment.embeddedRetry')}
          </Button>
        </Stack>
      )}
      <HStack fontSize="sm" color="gray.600">
        <Lock size={14} aria-hidden />
        <Text>{t('payment.secureNotice')}</Text>
      </HStack>
    </Stack>
  );
}
