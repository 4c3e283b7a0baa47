import { useEffect, useRef } from 'react';
import { Box, SimpleGrid, Stack, Table, Text, Container } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { PeriodButtons, usePeriodParam } from '../../features/analytics/PeriodButtons';
import { AdminAnalyticsQuery } from '../../features/analytics/operations';
import { AdminPageHeader } from '../../features/admin/AdminPageHeader';
import { AdminStatCards, useAdminStats } from '../../features/admin/AdminStatCards';
import { AnalyticsLoadFailed, ChartCard, FigureCard } from '../../features/analytics/AnalyticsCards';
import { CategoryChart, RevenueTrendChart, bucketLabel } from '../../features/analytics/AnalyticsCharts';
import { categoryLabel } from '../../lib/labels';
import { notify } from '../../components/ui/toaster';
import { formatNumber, formatSAR } from '../../lib/format';
import { AnalyticsPeriod } from '../../gql/graphql';
import { RowsSkeleton } from '../../components/ui/skeletons';

export default function AdminAnalyticsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [period, setPeriod] = usePeriodParam();
  const { data, loading, error, refetch } = useQuery(AdminAnalyticsQuery, {
    variables: { period: period as AnalyticsPeriod },
    fetchPolicy: 'cache-and-network',
  });
  // The dashboard's stat cards head the page (spec section 2: "Stat cards as above"); they are platform totals, not per period.
  const stats = useAdminStats();
  const failure = error ?? stats.error;
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (failure && shown.current !== failure) {
      shown.current = failure;
      notify.error(t('analytics.loadFailed'));
    }
  }, [failure, t]);

  const a = data?.adminAnalytics && data.adminAnalytics.period === period ? data.adminAnalytics : undefined;
  const pct = (v: number | null | undefined) =>
    v == null ? t('analytics.noData') : `${formatNumber(v, lng, { maximumFractionDigits: 1 })}%`;
  const sar = (v: number | null | undefined) => (v == null ? t('analytics.noData') : formatSAR(v, lng, { maximumFractionDigits: 0 }));
  const hours = (v: number | null | undefined) =>
    v == null ? t('analytics.noData') : t('analytics.hours', { value: formatNumber(v, lng, { maximumFractionDigits: 1 }) });

  return (
    <Container maxW="7xl" py="10">
      <AdminPageHeader
        title={t('analytics.title')}
        subtitle={t('analytics.subtitle')}
        actions={<PeriodButtons period={period} onChange={setPeriod} />}
      />
      <Text color="gray.600" fontSize="sm" mb="4" mt="-4">
        {t(`analytics.periodHint.${period}`)}
      </Text>
      <AdminStatCards stats={stats} failedMessage={t('analytics.loadFailed')} retryLabel={t('analytics.retry')} />
      {!a && loading ? (
        <RowsSkeleton rows={4} />
      ) : error && !a ? (
        <AnalyticsLoadFailed onRetry={() => void refetch()} />
      ) : a ? (
        <Stack gap="8" data-testid={`analytics-${a.period}`}>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <FigureCard testId="fig-revenue" label={t('analytics.revenue')} value={sar(a.revenue.value)} change={a.revenue.change} />
            <FigureCard
              testId="fig-paidBookings"
              label={t('analytics.paidBookings')}
              value={a.paidBookings.value ?? 0}
              change={a.paidBookings.change}
            />
            <FigureCard
              testId="fig-average"
              label={t('analytics.averageBookingValue')}
              value={sar(a.averageBookingValue.value)}
              change={a.averageBookingValue.change}
            />
            <FigureCard
              testId="fig-conversion"
              label={t('analytics.conversionRate')}
              hint={t('analytics.conversionHint')}
              value={pct(a.conversionRate.value)}
              change={a.conversionRate.change}
            />
            <FigureCard
              testId="fig-retention"
              label={t('analytics.retentionRate')}
              hint={t('analytics.retentionHint')}
              value={pct(a.retentionRate.value)}
              change={a.retentionRate.change}
            />
            <FigureCard
              testId="fig-response"
              label={t('analytics.medianFirstResponse')}
              value={hours(a.medianFirstResponseHours.value)}
              change={a.medianFirstResponseHours.change}
            />
            <FigureCard
              testId="fig-utilization"
              label={t('analytics.utilizationRate')}
              value={pct(a.utilizationRate.value)}
              change={a.utilizationRate.change}
            />
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
            <ChartCard title={t('analytics.revenueTrend')} gridColumn={{ lg: 'span 2' }}>
              <RevenueTrendChart data={a.revenueTrend} bucket={a.bucket} />
            </ChartCard>
            <ChartCard title={t('analytics.byCategory')}>
              {a.bookingsByCategory.length === 0 ? (
                <Text color="gray.600" data-testid="no-bookings">
                  {t('analytics.noBookings')}
                </Text>
              ) : (
                <>
                  <CategoryChart data={a.bookingsByCategory} />
                  <Table.Root size="sm" mt="2">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('analytics.table.category')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('analytics.table.count')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('analytics.table.share')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {a.bookingsByCategory.map((c) => (
                        <Table.Row key={c.category}>
                          <Table.Cell>{categoryLabel(t, c.category)}</Table.Cell>
                          <Table.Cell textAlign="end">{c.bookings}</Table.Cell>
                          <Table.Cell textAlign="end">{pct(c.percent)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </>
              )}
            </ChartCard>
          </SimpleGrid>

          <Box as="details">
            <Box as="summary" cursor="pointer" color="teal.700" fontSize="sm">
              {t('analytics.revenueTrend')} — {t('analytics.table.revenue')}
            </Box>
            <Table.Root size="sm" mt="2" data-testid="trend-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('analytics.table.bucket')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('analytics.table.revenue')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('analytics.table.bookings')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {a.revenueTrend.map((b) => (
                  <Table.Row key={b.bucketStart}>
                    <Table.Cell>{bucketLabel(b.bucketStart, a.bucket, lng)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatSAR(b.revenue, lng)}</Table.Cell>
                    <Table.Cell textAlign="end">{b.paidBookings}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      ) : null}
    </Container>
  );
}
