import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Badge, Box, Button, Center, Container, Heading, SimpleGrid, Spinner, Wrap } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { Activity, BarChart3, Boxes, CalendarCheck, ClipboardList, Hourglass, Inbox, MessageSquare, Settings, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminStatsQuery } from '../../features/admin/operations';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { StatCard } from '../../features/admin/StatCard';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { formatSARThousands, formatNumber } from '../../lib/format';
import { AdminBadgeCountsQuery } from '../../features/live/operations';


export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, loading, error, refetch } = useQuery(AdminStatsQuery, { fetchPolicy: 'cache-and-network' });
  // Live: LiveUpdates moves these counts in the cache when a listing is submitted or reviewed or an inquiry arrives or
  // changes, and takes the pending and new figures from statsUpdated (no refetch).
  const counts = useQuery(AdminBadgeCountsQuery, { fetchPolicy: 'cache-and-network' }).data;
  const badges: Record<string, { n: number; label: string } | undefined> = {
    resources: counts ? { n: counts.resourceStatusCounts.pending, label: t('live.admin.pendingBadge', { count: counts.resourceStatusCounts.pending }) } : undefined,
    inquiries: counts ? { n: counts.inquiryStats.new, label: t('live.admin.inquiriesBadge', { count: counts.inquiryStats.new }) } : undefined,
  };
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      notify.error(t('admin.dashboard.loadFailed'));
    }
  }, [error, t]);

  const s = data?.adminStats;
  // A card for each figure the server computes; a null field is not available on this deployment yet.
  const cards: Array<{ key: string; value: ReactNode; icon: ReactNode } | null> = s
    ? [
        { key: 'totalUsers', value: formatNumber(s.totalUsers, lng), icon: <Users size={20} /> },
        s.activeResources != null ? { key: 'activeResources', value: formatNumber(s.activeResources, lng), icon: <Boxes size={20} /> } : null,
        s.activeBookings != null ? { key: 'activeBookings', value: formatNumber(s.activeBookings, lng), icon: <CalendarCheck size={20} /> } : null,
        s.totalRevenue != null ? { key: 'totalRevenue', value: formatSARThousands(s.totalRevenue, lng), icon: <Wallet size={20} /> } : null,
        s.pendingResources != null ? { key: 'pendingResources', value: formatNumber(s.pendingResources, lng), icon: <Hourglass size={20} /> } : null,
        s.newInquiries != null ? { key: 'newInquiries', value: formatNumber(s.newInquiries, lng), icon: <Inbox size={20} /> } : null,
        s.utilizationRate != null ? { key: 'utilizationRate', value: `${formatNumber(Math.round(s.utilizationRate * 10) / 10, lng)}%`, icon: <Activity size={20} /> } : null,
      ]
    : [];

  const actions = [
    { to: paths.adminAnalytics, key: 'analytics', icon: <BarChart3 size={16} /> },
    { to: paths.adminResources, key: 'resources', icon: <Boxes size={16} /> },
    { to: paths.adminUsers, key: 'users', icon: <Users size={16} /> },
    { to: paths.adminInquiries, key: 'inquiries', icon: <MessageSquare size={16} /> },
    { to: paths.adminSettings, key: 'settings', icon: <Settings size={16} /> },
    { to: paths.adminAudit, key: 'audit', icon: <ClipboardList size={16} /> },
  ];

  return (
    <Container maxW="7xl" py="10">
      <AdminPageHeader title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')} back={false} />
      {s?.paymentsConfigured === false && (
        // Production without a MyFatoorah key: checkout refuses every payment until one is saved.
        <Alert.Root status="warning" mb="8" data-testid="payments-not-configured">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('admin.dashboard.paymentsOffTitle')}</Alert.Title>
            <Alert.Description>{t('admin.dashboard.paymentsOffText')}</Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" colorPalette="orange" ms="auto">
            <RouterLink to={paths.adminSettings}>{t('admin.dashboard.paymentsOffAction')}</RouterLink>
          </Button>
        </Alert.Root>
      )}
      {!s && loading ? (
        <Center py="12">
          <Spinner size="lg" aria-label={t('common.loading')} />
        </Center>
      ) : error && !s ? (
        <Alert.Root status="error" mb="8">
          <Alert.Indicator />
          <Alert.Title>{t('admin.dashboard.loadFailed')}</Alert.Title>
          <Button size="sm" variant="outline" ms="auto" onClick={() => void refetch()}>
            {t('admin.dashboard.retry')}
          </Button>
        </Alert.Root>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="10">
          {cards.filter((c) => c !== null).map((c) => (
            <StatCard key={c.key} testId={`stat-${c.key}`} label={t(`admin.dashboard.${c.key}`)} value={c.value} icon={c.icon} />
          ))}
        </SimpleGrid>
      )}
      <Box as="section" aria-labelledby="quick-actions">
        <Heading as="h2" size="lg" mb="4" id="quick-actions">
          {t('admin.dashboard.quickActions')}
        </Heading>
        <Wrap gap="3">
          {actions.map((a) => (
            <Button key={a.key} asChild variant="outline" colorPalette="teal">
              <RouterLink to={a.to}>
                {a.icon} {t(`admin.dashboard.${a.key}`)}
                {badges[a.key] && badges[a.key]!.n > 0 && (
                  <Badge colorPalette="red" variant="solid" borderRadius="full" ms="1" data-testid={`badge-${a.key}`} aria-label={badges[a.key]!.label} title={badges[a.key]!.label}>
                    {formatNumber(badges[a.key]!.n, lng)}
                  </Badge>
                )}
              </RouterLink>
            </Button>
          ))}
        </Wrap>
      </Box>
    </Container>
  );
}
