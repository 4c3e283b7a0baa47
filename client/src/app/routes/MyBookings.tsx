import { Link as RouterLink } from 'react-router-dom';
import { Button, Container, EmptyState, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BOOKING_STATUSES } from '@shared/marketplace.rules';
import { toHalalas, toSar } from '@shared/money';
import { BookingList, useMyBookings } from '../../features/marketplace/BookingList';
import { AskHostButton } from '../../features/messages/AskHostButton';
import { invoiceActions } from '../../features/invoices/InvoiceActions';
import { StatCard } from '../../features/marketplace/StatCard';
import { formatSAR } from '../../lib/format';
import { paths } from '../../config/paths';
import { RowsSkeleton } from '../../components/ui/skeletons';

const TABS = ['all', ...BOOKING_STATUSES] as const;

/** /my-bookings: status tabs, summary cards, Pay Now and Cancel (spec sections 2 and 4). */
export default function MyBookingsPage() {
  const { t, i18n } = useTranslation();
  const { bookings, loading, error, cancel } = useMyBookings();
  const summary = {
    total: bookings.length,
    active: bookings.filter((b) => b.status === 'active' || b.status === 'confirmed').length,
    // What was charged: the server's VAT-inclusive totals, added up in halalas.
    spent: toSar(bookings.filter((b) => b.paymentStatus === 'paid').reduce((s, b) => s + toHalalas(b.totalWithVat), 0)),
  };

  return (
    <Container maxW="5xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('market.bookings.title')}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <StatCard label={t('market.bookings.total')} value={summary.total} testId="bookings-total" />
          <StatCard label={t('market.bookings.activeCount')} value={summary.active} testId="bookings-active" />
          <StatCard label={t('market.bookings.spent')} value={formatSAR(summary.spent, i18n.language)} testId="bookings-spent" />
        </SimpleGrid>
        {loading ? (
          <RowsSkeleton />
        ) : error ? (
          <Text color="red.600" role="alert">
            {t('market.bookings.loadFailed')}
          </Text>
        ) : (
          <Tabs.Root defaultValue="all" colorPalette="teal" lazyMount unmountOnExit>
            <Tabs.List flexWrap="wrap">
              {TABS.map((tab) => (
                <Tabs.Trigger key={tab} value={tab}>
                  {tab === 'all' ? t('market.bookings.all') : t(`market.bookingStatus.${tab}`)} (
                  {tab === 'all' ? bookings.length : bookings.filter((b) => b.status === tab).length})
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((tab) => {
              const list = tab === 'all' ? bookings : bookings.filter((b) => b.status === tab);
              return (
                <Tabs.Content key={tab} value={tab}>
                  {list.length === 0 ? (
                    <EmptyState.Root>
                      <EmptyState.Content>
                        <EmptyState.Indicator>
                          <CalendarX />
                        </EmptyState.Indicator>
                        <EmptyState.Title>{t('market.bookings.empty')}</EmptyState.Title>
                        <Button asChild colorPalette="teal">
                          <RouterLink to={paths.resources}>{t('market.bookings.browse')}</RouterLink>
                        </Button>
                      </EmptyState.Content>
                    </EmptyState.Root>
                  ) : (
                    <BookingList
                      bookings={list}
                      onCancel={cancel}
                      paidActions={invoiceActions}
                      actions={(b) => <AskHostButton resourceId={b.resourceId} bookingId={b.id} size="sm" />}
                    />
                  )}
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        )}
      </Stack>
    </Container>
  );
}
