import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Badge, Box, Button, Container, Heading, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { BarChart3, Boxes, CalendarClock, ClipboardList, MessageSquare, Receipt, Settings, Star, UserCog, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminStatCards, useAdminStats } from '../../features/admin/AdminStatCards';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { AdminBadgeCountsQuery } from '../../features/live/operations';

export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const stats = useAdminStats();
  const { data, error } = stats;
  // Live: LiveUpdates moves these counts in the cache when a listing is submitted or reviewed or an inquiry arrives or
  // changes, and takes the pending and new figures from statsUpdated (no refetch).
  const counts = useQuery(AdminBadgeCountsQuery, { fetchPolicy: 'cache-and-network' }).data;
  const badges: Record<string, { n: number; label: string } | undefined> = {
    resources: counts ? toReview(counts.resourceStatusCounts) : undefined,
    inquiries: counts
      ? { n: counts.inquiryStats.new, label: t('live.admin.inquiriesBadge', { n: formatNumber(counts.inquiryStats.new, lng) }) }
      : undefined,
  };
  function toReview(c: { pending: number; changesPending: number }) {
    // New listings and hosts' edits of approved ones: both wait on the Resources page.
    const n = c.pending + c.changesPending;
    // Worded without plural forms: Arabic has six, and a missing one showed the bare key.
    return { n, label: t('live.admin.pendingBadge', { n: formatNumber(n, lng) }) };
  }
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      notify.error(t('admin.dashboard.loadFailed'));
    }
  }, [error, t]);

  const s = data?.adminStats;

  const actions = [
    { to: paths.adminAnalytics, key: 'analytics', icon: <BarChart3 size={16} /> },
    { to: paths.adminResources, key: 'resources', icon: <Boxes size={16} /> },
    { to: paths.adminUsers, key: 'users', icon: <Users size={16} /> },
    { to: paths.adminInquiries, key: 'inquiries', icon: <MessageSquare size={16} /> },
    { to: paths.adminServiceBookings, key: 'serviceBookings', icon: <CalendarClock size={16} /> },
    { to: paths.adminPayments, key: 'payments', icon: <Receipt size={16} /> },
    { to: paths.adminAdvisors, key: 'advisors', icon: <UserCog size={16} /> },
    { to: paths.adminSettings, key: 'settings', icon: <Settings size={16} /> },
    { to: paths.adminReviews, key: 'reviews', icon: <Star size={16} /> },
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
      <AdminStatCards stats={stats} failedMessage={t('admin.dashboard.loadFailed')} retryLabel={t('admin.dashboard.retry')} />
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
                  <>
                    {/* A span may not carry aria-label: the number is for the eye, the sentence for screen readers. */}
                    <Badge
                      colorPalette="red"
                      variant="solid"
                      borderRadius="full"
                      ms="1"
                      data-testid={`badge-${a.key}`}
                      aria-hidden="true"
                      title={badges[a.key]!.label}
                    >
                      {formatNumber(badges[a.key]!.n, lng)}
                    </Badge>
                    <VisuallyHidden>{badges[a.key]!.label}</VisuallyHidden>
                  </>
                )}
              </RouterLink>
            </Button>
          ))}
        </Wrap>
      </Box>
    </Container>
  );
}
