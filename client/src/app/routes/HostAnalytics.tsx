import { Link as RouterLink } from 'react-router-dom';
import { Container, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { TableScroll } from '../../components/ui/TableScroll';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { PeriodButtons, usePeriodParam } from '../../features/analytics/PeriodButtons';
import { HostAnalyticsQuery } from '../../features/analytics/operations';
import { HostTrendChart } from '../../features/analytics/AnalyticsCharts';
import { AnalyticsLoadFailed, ChartCard, FigureCard } from '../../features/analytics/AnalyticsCards';
import { PageHeader } from '../../components/ui/PageHeader';
import { ResourceStatusBadge } from '../../features/marketplace/StatusBadge';
import { categoryLabel } from '../../lib/labels';
import { formatNumber, formatSAR } from '../../lib/format';
import { paths } from '../../config/paths';
import { RowsSkeleton } from '../../components/ui/skeletons';
import type { AnalyticsPeriod, HostFigures_FiguresFragment } from '../../gql/graphql';

/** /resources/analytics: a host's own listings over a period — views, bookings, conversion, revenue, occupancy, rating. */
export default function HostAnalyticsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [period, setPeriod] = usePeriodParam();
  const { data, loading, error, refetch } = useQuery(HostAnalyticsQuery, {
    variables: { period: period as AnalyticsPeriod },
    fetchPolicy: 'cache-and-network',
  });
  const a = data?.hostAnalytics && data.hostAnalytics.period === period ? data.hostAnalytics : undefined;

  const none = t('analytics.noData');
  const pct = (v: number | null) => (v == null ? none : `${formatNumber(v, lng, { maximumFractionDigits: 1 })}%`);
  // Whole riyals on the cards (as the admin's), exact halalas in the table.
  const sar = (v: number, whole: boolean) => formatSAR(v, lng, whole ? { maximumFractionDigits: 0 } : {});
  const rating = (f: HostFigures_FiguresFragment) =>
    f.averageRating == null
      ? none
      : t('analytics.host.ratingValue', {
          rating: formatNumber(f.averageRating, lng, { maximumFractionDigits: 1 }),
          count: f.reviewsCount,
        });

  const figures = (f: HostFigures_FiguresFragment, whole = false) => [
    { key: 'views', label: t('analytics.host.views'), value: formatNumber(f.views, lng) },
    { key: 'bookings', label: t('analytics.host.bookings'), value: formatNumber(f.bookings, lng) },
    { key: 'conversion', label: t('analytics.host.conversion'), hint: t('analytics.host.conversionHint'), value: pct(f.conversionRate) },
    { key: 'revenue', label: t('analytics.host.revenue'), hint: t('analytics.host.revenueHint'), value: sar(f.revenue, whole) },
    { key: 'occupancy', label: t('analytics.host.occupancy'), hint: t('analytics.host.occupancyHint'), value: pct(f.occupancyRate) },
    { key: 'rating', label: t('analytics.host.rating'), value: rating(f) },
  ];

  return (
    <Container maxW="7xl" py="10">
      <Stack gap="6">
        <PageHeader
          title={t('analytics.host.title')}
          subtitle={`${t(`analytics.periodHint.${period}`)} · ${t('analytics.host.subtitle')}`}
          actions={<PeriodButtons period={period} onChange={setPeriod} />}
        />

        {!a && loading ? (
          <RowsSkeleton rows={4} />
        ) : error && !a ? (
          <AnalyticsLoadFailed onRetry={() => void refetch()} />
        ) : a ? (
          <Stack gap="8" data-testid={`host-analytics-${a.period}`}>
            <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="4">
              {figures(a.totals, true).map((f) => (
                <FigureCard key={f.key} label={f.label} hint={f.hint} value={f.value} testId={`host-fig-${f.key}`} />
              ))}
            </SimpleGrid>

            <ChartCard title={t('analytics.host.trend')}>
              <HostTrendChart data={a.trend} bucket={a.bucket} />
            </ChartCard>

            <Stack gap="3">
              <Heading as="h2" size="md">
                {t('analytics.host.byListing')}
              </Heading>
              {a.listings.length === 0 ? (
                <Text color="gray.600">
                  {t('analytics.host.noListings')} <RouterLink to={paths.listResource}>{t('market.my.listNew')}</RouterLink>
                </Text>
              ) : (
                <TableScroll borderWidth="1px" rounded="md">
                  <Table.Root size="sm" data-testid="host-listings-table">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('analytics.host.listing')}</Table.ColumnHeader>
                        {figures(a.totals).map((f) => (
                          <Table.ColumnHeader key={f.key} textAlign="end">
                            {f.label}
                          </Table.ColumnHeader>
                        ))}
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {a.listings.map((l) => (
                        <Table.Row key={l.id} data-testid={`host-listing-${l.id}`}>
                          <Table.Cell>
                            <Stack gap="1" align="start">
                              <RouterLink to={paths.resource(l.id)}>
                                <Text as="span" dir="auto" fontWeight="medium">
                                  {l.title}
                                </Text>
                              </RouterLink>
                              <Flex gap="2" align="center" fontSize="xs" color="gray.600">
                                {categoryLabel(t, l.category)} <ResourceStatusBadge status={l.status} />
                              </Flex>
                            </Stack>
                          </Table.Cell>
                          {figures(l.figures).map((f) => (
                            <Table.Cell key={f.key} textAlign="end" data-testid={`cell-${f.key}`}>
                              {f.value}
                            </Table.Cell>
                          ))}
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </TableScroll>
              )}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
