import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** Where a customer follows what they paid: My bookings, or the dashboard for a service booking. */
export const listOf = (service: boolean | undefined) =>
  service ? { to: paths.dashboard, label: 'payment.toDashboard' } : { to: paths.myBookings, label: 'payment.toMyBookings' };

/** Why this booking cannot be paid now, with the way forward (verify the email) when there is one. */
export function NotAvailable({ message, reason, service }: { message: string; reason?: string | null; service?: boolean }) {
  const { t } = useTranslation();
  const list = listOf(service);
  return (
    <Stack gap="4" data-testid="payment-not-available">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('payment.notAvailable')}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {reason === 'email_not_verified' && (
        <Button asChild colorPalette="teal" alignSelf="start">
          <RouterLink to={paths.verifyEmail}>{t('payment.verifyToContinue')}</RouterLink>
        </Button>
      )}
      <Button asChild variant="outline" alignSelf="start">
        <RouterLink to={list.to}>{t(list.label)}</RouterLink>
      </Button>
    </Stack>
  );
}
