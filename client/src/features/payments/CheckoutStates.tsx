import type { ReactNode } from 'react';
import { Alert, Center, Container, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';

/** A checkout while the server checks whether the booking can be paid. */
export function CheckoutChecking() {
  const { t } = useTranslation();
  return (
    <Center py="24" flexDirection="column" gap="3" aria-live="polite">
      <Spinner size="lg" />
      <Text>{t('payment.validating')}</Text>
    </Center>
  );
}

/** A checkout whose check failed: what the server said, and whatever way out the page offers (`children`). */
export function CheckoutFailed({ error, children }: { error: unknown; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container maxW="lg" py="16">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('payment.notAvailable')}</Alert.Title>
          <Alert.Description>{errorMessage(error, t('payment.validateFailed'))}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {children}
    </Container>
  );
}
