import { useState } from 'react';
import type { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Field, HStack, Input, NativeSelect, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CreditCard, ExternalLink, Lock } from 'lucide-react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { cardFieldsSchema } from '@shared/payments.rules';
import { ChargeCardMutation, InitiatePaymentMutation } from './operations';
import { digits, expiryMonths, expiryYears, groupCardNumber } from './card';
import { EmbeddedCardForm } from './EmbeddedCardForm';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';

/** What is paid: a resource booking, or a service booking (`service`, with its meeting time instead of dates). */
export interface PaymentBooking {
  id: string;
  resourceTitle: string;
  startDate: string | null;
  endDate: string | null;
  totalAmount: number;
  service?: boolean;
  meeting?: string | null;
}

const CARD_FIELDS = ['cardHolderName', 'cardNumber', 'expiryMonth', 'expiryYear', 'cvv'] as const;

/** The GraphQL arguments naming what is paid. */
const payableVars = (b: Pick<PaymentBooking, 'id' | 'service'>) => (b.service ? { serviceBookingId: b.id } : { bookingId: b.id });

/**
 * Card (direct 2D) or hosted gateway, for one booking. Amounts come from the server, never from this form, and so
 * does the gateway's mode: `testCards` (the published test cards) only with the built-in test gateway, never in
 * production.
 */
export function PaymentForm({
  booking,
  amountLabel,
  testMode,
  testCards,
  directCard,
}: {
  booking: PaymentBooking;
  amountLabel: string;
  testMode: boolean;
  testCards: boolean;
  /** Our own card fields only for a merchant declared PCI certified; otherwise MyFatoorah's embedded form. */
  directCard: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [method, setMethod] = useState<'card' | 'gateway'>('card');
  // On the hosted page, mada cards need MyFatoorah's MADA method; Visa and Mastercard its VISA/MASTER method.
  const [hostedMethod, setHostedMethod] = useState<'visa_mastercard' | 'mada'>('visa_mastercard');
  const card = useZodForm(cardFieldsSchema, {
    defaultValues: { cardHolderName: '', cardNumber: '', expiryMonth: '', expiryYear: '', cvv: '' },
  });
  const problem = (name: (typeof CARD_FIELDS)[number]) => fieldError(card.formState.errors, name);
  // The number shows grouped by four and the CVV digits only, as typed (the rule reads them without the spaces).
  const numberField = card.register('cardNumber');
  const cvvField = card.register('cvv');
  const [error, setError] = useState<string | null>(null);
  const [charge, chargeState] = useMutation(ChargeCardMutation);
  const [initiate, initiateState] = useMutation(InitiatePaymentMutation);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  async function payByCard(v: z.output<typeof cardFieldsSchema>) {
    setError(null);
    try {
      const { data } = await charge({
        variables: {
          input: { ...payableVars(booking), ...v },
        },
      });
      const r = data?.chargeCard;
      if (r?.success) {
        notify.success(t('payment.success'));
        navigate(paths.paymentSuccess, { state: { booking, transactionId: r.transactionId } });
      } else if (r?.status === 'processing') {
        // The bank's answer is not known yet: wait for it (live) instead of inviting a second charge.
        navigate(paths.paymentSuccess, { state: { booking, pending: true } });
      } else {
        const msg = r?.error ? translateServerMessage(r.error) : t('payment.failed');
        notify.error(t('payment.failed'));
        navigate(paths.paymentError, { state: { booking, error: msg } });
      }
    } catch (err) {
      const msg = errorMessage(err, t('payment.processingFailed'));
      // Input problems stay on the form; anything else goes to the error screen with the booking.
      if ((err as { errors?: Array<{ extensions?: { code?: string } }> })?.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT')
        return placeServerError(err, card.setError, CARD_FIELDS) ? undefined : fail(msg);
      notify.error(t('payment.processingFailed'));
      navigate(paths.paymentError, { state: { booking, error: msg } });
    }
  }

  async function payByGateway() {
    setError(null);
    try {
      const { data } = await initiate({ variables: { ...payableVars(booking), method: hostedMethod } });
      const url = data?.initiatePayment.paymentUrl;
      if (!data?.initiatePayment.success || !url)
        return fail(data?.initiatePayment.error ? translateServerMessage(data.initiatePayment.error) : t('payment.initFailed'));
      window.location.assign(url);
    } catch (err) {
      fail(errorMessage(err, t('payment.initError')));
    }
  }

  return (
    <Stack gap="5">
      {testMode && (
        <Alert.Root status="info" data-testid="test-mode">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('payment.testModeTitle')}</Alert.Title>
            <Alert.Description>{t(testCards ? 'payment.testModeText' : 'payment.testModeNoCards')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <RadioCard.Root value={method} onValueChange={(e) => setMethod(e.value as 'card' | 'gateway')} colorPalette="teal">
        <RadioCard.Label>{t('payment.method')}</RadioCard.Label>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {(
            [
              ['card', CreditCard, 'payment.directCard', directCard ? 'payment.directCardHint' : 'payment.embeddedCardHint'],
              ['gateway', ExternalLink, 'payment.gateway', 'payment.gatewayHint'],
            ] as const
          ).map(([value, Icon, label, hint]) => (
            <RadioCard.Item key={value} value={value}>
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <HStack>
                    <Icon size={18} aria-hidden />
                    <RadioCard.ItemText>{t(label)}</RadioCard.ItemText>
                  </HStack>
                  <RadioCard.ItemDescription>{t(hint)}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </SimpleGrid>
      </RadioCard.Root>

      {method === 'card' && !directCard ? (
        <EmbeddedCardForm booking={booking} payable={payableVars(booking)} />
      ) : method === 'card' ? (
        <form onSubmit={card.handleSubmit(payByCard)} noValidate aria-label={t('payment.cardForm')}>
          <Stack gap="4">
            <Field.Root required invalid={!!problem('cardHolderName')}>
              <Field.Label>{t('payment.holder')}</Field.Label>
              <Input {...card.register('cardHolderName')} autoComplete="cc-name" maxLength={100} />
              <Field.ErrorText>{problem('cardHolderName')}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={!!problem('cardNumber')}>
              <Field.Label>{t('payment.number')}</Field.Label>
              <Input
                dir="ltr"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 5678 9012 3456"
                maxLength={19}
                {...numberField}
                onChange={(e) => {
                  e.target.value = groupCardNumber(e.target.value);
                  return numberField.onChange(e);
                }}
              />
              <Field.ErrorText>{problem('cardNumber')}</Field.ErrorText>
            </Field.Root>
            <HStack gap="3" align="start">
              <Field.Root required invalid={!!problem('expiryMonth')}>
                <Field.Label>{t('payment.month')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...card.register('expiryMonth')} autoComplete="cc-exp-month" dir="ltr">
                    <option value="">MM</option>
                    {expiryMonths.map((m) => (
                      <option key={m} value={m}>
                        {m}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{problem('expiryMonth')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!problem('expiryYear')}>
                <Field.Label>{t('payment.year')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...card.register('expiryYear')} autoComplete="cc-exp-year" dir="ltr">
                    <option value="">YY</option>
                    {expiryYears().map((y) => (
                      <option key={y} value={y}>
                        {y}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{problem('expiryYear')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!problem('cvv')}>
                <Field.Label>{t('payment.cvv')}</Field.Label>
                <Input
                  type="password"
                  dir="ltr"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  {...cvvField}
                  onChange={(e) => {
                    e.target.value = digits(e.target.value, 4);
                    return cvvField.onChange(e);
                  }}
                />
                <Field.ErrorText>{problem('cvv')}</Field.ErrorText>
              </Field.Root>
            </HStack>
            <Text fontSize="sm" color="gray.600">
              {t('payment.madaNote')}
            </Text>
            {error && (
              <Text color="red.600" role="alert">
                {error}
              </Text>
            )}
            <HStack fontSize="sm" color="gray.600">
              <Lock size={14} aria-hidden />
              <Text>{t('payment.secureNotice')}</Text>
            </HStack>
            <Button
              type="submit"
              colorPalette="teal"
              size="lg"
              loading={chargeState.loading || card.formState.isSubmitting}
              loadingText={t('payment.processing')}
            >
              {t('payment.payAmount', { amount: amountLabel })}
            </Button>
          </Stack>
        </form>
      ) : (
        <Box>
          <Text mb="3" color="gray.700">
            {t('payment.gatewayText')}
          </Text>
          <RadioCard.Root
            value={hostedMethod}
            onValueChange={(e) => setHostedMethod(e.value as 'visa_mastercard' | 'mada')}
            colorPalette="teal"
            size="sm"
            mb="4"
          >
            <RadioCard.Label>{t('payment.gatewayMethod')}</RadioCard.Label>
            <HStack gap="3" align="stretch">
              {(
                [
                  ['visa_mastercard', 'payment.gatewayVisaMaster'],
                  ['mada', 'payment.gatewayMada'],
                ] as const
              ).map(([value, label]) => (
                <RadioCard.Item key={value} value={value} flex="1">
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemText>{t(label)}</RadioCard.ItemText>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </HStack>
          </RadioCard.Root>
          {error && (
            <Text color="red.600" role="alert" mb="3">
              {error}
            </Text>
          )}
          <Button colorPalette="teal" size="lg" width="full" onClick={payByGateway} loading={initiateState.loading}>
            {t('payment.continueToGateway', { amount: amountLabel })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
