import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Container, EmptyState, Flex, Heading, Tabs, Text, VStack } from '@chakra-ui/react';
import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { ProfileForm } from '../../features/auth/ProfileForm';
import { AccountSecurity } from '../../features/auth/AccountSecurity';
import { ResendVerificationButton } from '../../features/auth/ResendVerificationButton';
import { MyInquiries } from '../../features/inquiries/MyInquiries';
import { notify } from '../../components/ui/toaster';
import { BookingList, useMyBookings } from '../../features/marketplace/BookingList';
import { paths } from '../../config/paths';
import { canCompletePayment } from '../../features/payments/completePayment';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const myBookings = useMyBookings();
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
          {myBookings.bookings.length > 0 ? (
            <BookingList
              bookings={myBookings.bookings}
              onCancel={myBookings.cancel}
              // Spec section 4: Complete Payment only when the email is verified, the booking confirmed and its payment pending.
              payAction={(b) =>
                canCompletePayment(user, b) && (
                  <Button asChild size="sm" colorPalette="teal">
                    <RouterLink to={paths.payBooking(b.id)}>{t('dashboard.completePayment')}</RouterLink>
                  </Button>
                )
              }
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
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
