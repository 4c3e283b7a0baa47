import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, Flex, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../components/ui/list-state';
import { HostBookingsQuery } from '../../features/marketplace/operations';
import { BookingRow } from '../../features/marketplace/BookingList';
import { invoiceActions } from '../../features/invoices/InvoiceActions';
import { paths } from '../../config/paths';
import { CustomerRatingButton } from '../../features/reviews/CustomerRating';

/** /resources/bookings (host_seller or admin): bookings of the host's listings (admins: all), read-only. */
export default function HostBookingsPage() {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(HostBookingsQuery, { fetchPolicy: 'cache-and-network' });
  const bookings = data?.bookings ?? [];
  return (
    <Container maxW="5xl" py="10">
      <Stack gap="6">
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Heading as="h1" size="2xl">
            {t('market.bookings.hostTitle')}
          </Heading>
          <Button asChild variant="outline">
            <RouterLink to={paths.myResources}>{t('market.my.title')}</RouterLink>
          </Button>
        </Flex>
        <ListState
          loading={loading && !data}
          error={error}
          empty={bookings.length === 0}
          errorText={t('market.bookings.loadFailed')}
          emptyText={t('market.bookings.hostEmpty')}
          emptyIcon={<CalendarX />}
        >
          <Stack gap="3">
            {bookings.map((b) => (
              <BookingRow
                key={b.id}
                booking={b}
                userName={b.userName}
                paidActions={(row) => (
                  <>
                    {invoiceActions(row)}
                    <CustomerRatingButton booking={row} />
                  </>
                )}
              />
            ))}
          </Stack>
        </ListState>
      </Stack>
    </Container>
  );
}
