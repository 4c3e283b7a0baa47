import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Center, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { loadTestPayment, settleTestPayment, TestGatewayError, type TestGatewayPage } from '../../features/payments/testGateway';
import { formatSAR } from '../../lib/format';

/**
 * /payment/test-gateway/:invoiceId — the built-in test gateway's hosted page (development only), drawn by the app
 * so the payer is logged in: the server lets only the user who started the payment see and settle it. For an
 * embedded-form payment it is the 3-D Secure step (`challenge`): confirm or fail with the card entered in the form.
 */
export default function PaymentTestGatewayPage() {
  const { t, i18n } = useTranslation();
  const { invoiceId = '' } = useParams();
  const [search] = useSearchParams();
  const method = search.get('method');
  const [page, setPage] = useState<TestGatewayPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadTestPayment(invoiceId, method)
      .then((p) => live && setPage(p))
      .catch(
        (err) =>
          live &&
          setError(err instanceof TestGatewayError && err.status === 404 ? t('testGateway.notFound') : t('testGateway.actionFailed')),
      );
    return () => {
      live = false;
    };
  }, [invoiceId, method, t]);

  async function act(outcome: 'succeed' | 'fail', card?: string) {
    setBusy(true);
    setError(null);
    try {
      const { redirect_url } = await settleTestPayment(invoiceId, outcome, card);
      window.location.assign(redirect_url);
    } catch {
      setError(t('testGateway.actionFailed'));
      setBusy(false);
    }
  }

  if (!page && !error)
    return (
      <Center py="24" flexDirection="column" gap="3" aria-live="polite">
        <Spinner size="lg" />
        <Text>{t('testGateway.loading')}</Text>
      </Center>
    );
  const amount = page ? formatSAR(page.amount, i18n.language) : '';
  // In Arabic a Latin card name and masked number are isolated, so "Visa 450875 •••• 1019" keeps its order.
  const isolate = (s: string) => (i18n.dir() === 'rtl' ? `\u2068${s}\u2069` : s);
  return (
    <Container maxW="md" py="10">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {page?.challenge ? t('testGateway.challengeTitle') : t('testGateway.title')}
        </Heading>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('testGateway.notice')}</Alert.Description>
        </Alert.Root>
        {error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        {page?.challenge && (
          <>
            <Text>
              {t('testGateway.challengeText', {
                amount,
                card: isolate(page.cards.map((c) => `${c.label} ${c.masked}`).join('')),
              })}
            </Text>
            <Button colorPalette="teal" disabled={busy} onClick={() => void act('succeed', page.cards[0]?.key)}>
              {t('testGateway.challengeConfirm')}
            </Button>
            <Button colorPalette="red" variant="subtle" disabled={busy} onClick={() => void act('fail')}>
              {t('testGateway.challengeFail')}
            </Button>
          </>
        )}
        {page && !page.challenge && (
          <>
            <Box>
              <Text>{t('testGateway.invoice', { id: page.invoice_id.slice(0, 8) })}</Text>
              <Text fontWeight="bold">
                {amount} — {page.method === 'mada' ? t('testGateway.methodMada') : t('testGateway.methodCards')}
              </Text>
            </Box>
            <Text>{t('testGateway.pick')}</Text>
            {page.cards.map((c) => (
              <Button key={c.key} colorPalette="teal" disabled={busy} onClick={() => void act('succeed', c.key)}>
                {t('testGateway.pay', { amount, card: isolate(`${c.label} ${c.masked}`) })}
              </Button>
            ))}
            <Button colorPalette="red" variant="subtle" disabled={busy} onClick={() => void act('fail')}>
              {t('testGateway.fail')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
