import type { ReactNode } from 'react';
import { Alert, Button, Center, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Activity, Boxes, CalendarCheck, Hourglass, Inbox, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminStatsQuery } from './operations';
import { StatCard } from './StatCard';
import { formatNumber, formatSARThousands } from '../../lib/format';
import { LoadingSpinner } from '../../components/ui/loading-spinner';

/** The admin dashboard's figures; the dashboard and the analytics page show the same set (spec section 2). */
export function useAdminStats() {
  return useQuery(AdminStatsQuery, { fetchPolicy: 'cache-and-network' });
}

type Stats = ReturnType<typeof useAdminStats>;

/** The stat card grid, its spinner, and its failure alert worded by the page that shows it. */
export function AdminStatCards({ stats, failedMessage, retryLabel }: { stats: Stats; failedMessage: string; retryLabel: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, loading, error, refetch } = stats;
  const s = data?.adminStats;
  if (!s && loading)
    return (
      <Center py="12">
        <LoadingSpinner size="lg" />
      </Center>
    );
  if (error && !s)
    return (
      <Alert.Root status="error" mb="8" data-testid="stats-failed">
        <Alert.Indicator />
        <Alert.Title>{failedMessage}</Alert.Title>
        <Button size="sm" variant="outline" ms="auto" onClick={() => void refetch()}>
          {retryLabel}
        </Button>
      </Alert.Root>
    );
  // A card for each figure the server computes; a null field is not available on this deployment yet.
  const cards: Array<{ key: string; value: ReactNode; icon: ReactNode } | null> = s
    ? [
        { key: 'totalUsers', value: formatNumber(s.totalUsers, lng), icon: <Users size={20} /> },
        s.activeResources != null
          ? { key: 'activeResources', value: formatNumber(s.activeResources, lng), icon: <Boxes size={20} /> }
          : null,
        s.activeBookings != null
          ? { key: 'activeBookings', value: formatNumber(s.activeBookings, lng), icon: <CalendarCheck size={20} /> }
          : null,
        s.totalRevenue != null ? { key: 'totalRevenue', value: formatSARThousands(s.totalRevenue, lng), icon: <Wallet size={20} /> } : null,
        s.pendingResources != null
          ? { key: 'pendingResources', value: formatNumber(s.pendingResources, lng), icon: <Hourglass size={20} /> }
          : null,
        s.newInquiries != null ? { key: 'newInquiries', value: formatNumber(s.newInquiries, lng), icon: <Inbox size={20} /> } : null,
        s.utilizationRate != null
          ? {
              key: 'utilizationRate',
              value: `${formatNumber(Math.round(s.utilizationRate * 10) / 10, lng)}%`,
              icon: <Activity size={20} />,
            }
          : null,
      ]
    : [];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="10" data-testid="admin-stat-cards">
      {cards
        .filter((c) => c !== null)
        .map((c) => (
          <StatCard key={c.key} testId={`stat-${c.key}`} label={t(`admin.dashboard.${c.key}`)} value={c.value} icon={c.icon} />
        ))}
    </SimpleGrid>
  );
}
