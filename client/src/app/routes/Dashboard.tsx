import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Container, EmptyState, Flex, Heading, Separator, Stack, Tabs, Text, VStack } from '@chakra-ui/react';
import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { ProfileForm } from '../../features/auth/ProfileForm';
import { AccountSecurity } from '../../features/auth/AccountSecurity';
import { MyData } from '../../features/auth/MyData';
import { NotificationPreferences } from '../../features/notifications/NotificationPreferences';
import { DeleteAccount } from '../../features/auth/DeleteAccount';
import { ResendVerificationButton } from '../../features/auth/ResendVerificationButton';
import { MyInquiries } from '../../features/inquiries/MyInquiries';
import { MyServiceBookings } from '../../features/service-bookings/MyServiceBookings';
import { notify } from '../../components/ui/toaster';
import { BookingList, useMyBookings } from '../../features/marketplace/BookingList';
import { invoiceActions, serviceInvoiceActions } from '../../features/invoices/InvoiceActions';
import { paths } from '../../config/paths';
import { RowsSkeleton } from '../../components/ui/skeletons';
import { LeaveReviewButton } from '../../features/reviews/LeaveReview';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const myBookings = useMyBookings();
  // The review invitation's link (?review=<booking>) opens that booking's review dialog.
  const [params] = useSearchParams();
  const reviewing = params.get('review');
  if (!user) return null;

  const logout = () => {
    signOut();
    notify.success(t('auth.loggedOut'));
    navigate(paths.login, { flushSync: true }); // signed out and on /login in one render (see Header)
  };

  return (
    <Container maxW="6xl" py="10">
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl">
            {t('dashboard.welcome', { name: user.fullName || user.email })}
          </Heading>
          <Text color="gray.600" mt="1">
            {t('dashboard.subtitle')}
          </Text>
        </Box>
        <Button variant="outline" onClick={logout}>
          {t('dashboard.logout')}
        </Button>
      </Flex>

      {!user.emailVerified && (
        <Alert.Root status="warning" mt="6" data-testid="unverified-banner">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('dashboard.unverifiedTitle')}</Alert.Title>
            <Alert.Description>{t('dashboard.unverifiedText')}</Alert.Description>
          </Alert.Content>
          <ResendVerificationButton label={t('dashboard.resend')} size="sm" alignSelf="center" />
        </Alert.Root>
      )}

      <Tabs.Root defaultValue="bookings" mt="8" colorPalette="teal">
        <Tabs.List>
          <Tabs.Trigger value="bookings">{t('dashboard.tabBookings')}</Tabs.Trigger>
          <Tabs.Trigger value="requests">{t('inquiries.myTab')}</Tabs.Trigger>
          <Tabs.Trigger value="profile">{t('dashboard.tabProfile')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="bookings">
          {myBookings.loading ? (
            <RowsSkeleton />
          ) : myBookings.error && myBookings.bookings.length === 0 ? (
            // A failed load is not an empty list (spec section 4: 'Failed to load dashboard data').
            <Alert.Root status="error" mt="4" data-testid="dashboard-load-failed">
              <Alert.Indicator />
              <Alert.Title>{t('dashboard.loadFailed')}</Alert.Title>
            </Alert.Root>
          ) : myBookings.bookings.length > 0 ? (
            // Each unpaid booking offers Pay Now, as on My Bookings: resource bookings are held pending until paid,
            // so the spec's Complete Payment rule (confirmed + pending, for service bookings) never matched them.
            <BookingList
              bookings={myBookings.bookings}
              onCancel={myBookings.cancel}
              paidActions={(b) => (
                <>
                  {invoiceActions(b)}
                  <LeaveReviewButton booking={b} autoOpen={b.id === reviewing} />
                </>
              )}
            />
          ) : (
            <EmptyState.Root>
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <CalendarX />
                </EmptyState.Indicator>
                <VStack textAlign="center">
                  <EmptyState.Title>{t('dashboard.noBookings')}</EmptyState.Title>
                </VStack>
                <Button asChild colorPalette="teal">
                  <RouterLink to={paths.resources}>{t('dashboard.browseResources')}</RouterLink>
                </Button>
              </EmptyState.Content>
            </EmptyState.Root>
          )}
          <MyServiceBookings paidActions={serviceInvoiceActions} />
        </Tabs.Content>
        <Tabs.Content value="requests">
          <MyInquiries />
        </Tabs.Content>
        <Tabs.Content value="profile">
          <Heading as="h2" size="lg" mb="4">
            {t('dashboard.profileTitle')}
          </Heading>
          <ProfileForm />
          <AccountSecurity />
          <Stack gap="6" maxW="xl" mt="10">
            <Separator />
            <NotificationPreferences />
          </Stack>
          <Stack gap="6" maxW="xl" mt="10">
            <Separator />
            <Heading as="h2" size="lg">
              {t('rights.dataTitle')}
            </Heading>
            <MyData />
            <DeleteAccount />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
