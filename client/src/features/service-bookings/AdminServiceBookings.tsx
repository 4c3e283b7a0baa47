import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, DataList, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SERVICE_BOOKING_STATUSES } from '@shared/service-bookings.rules';
import { AdminAdvisorsQuery, AdminServiceBookingsQuery } from './operations';
import type { ServiceBookingFieldsFragment, ServiceBookingStatus } from '../../gql/graphql';
import { notify } from '../../components/ui/toaster';
import { PickDetail, PickList } from '../../components/ui/PickList';
import { FilterBar, FilterSearch, FilterSelect } from '../../components/ui/FilterBar';
import { formatDate, formatDateTime, formatSAR } from '../../lib/format';
import { PAYMENT_COLORS, STATUS_COLORS, serviceName } from './labels';
import { PreferredWhen } from './PreferredWhen';
import { AssignAdvisorForm, CloseServiceBookingForm, ConfirmServiceBookingForm } from './AdminServiceBookingForms';

const FILTERS = ['all', ...SERVICE_BOOKING_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Admin › Service bookings: search, status filter, list, detail, confirm with a quote and time, complete, cancel. */
export function AdminServiceBookings() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [picked, setPicked] = useState<ServiceBookingFieldsFragment | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const { data, loading, error, refetch } = useQuery(AdminServiceBookingsQuery, {
    variables: { status: filter === 'all' ? null : (filter as ServiceBookingStatus), search: debounced || null },
    fetchPolicy: 'cache-and-network',
  });

  useEffect(() => {
    if (error) notify.error(t('adminServiceBookings.loadFailed'));
  }, [error, t]);

  const items = useMemo(() => data?.serviceBookings ?? [], [data]);
  const selected = useMemo(() => items.find((i) => i.id === picked?.id) ?? picked, [items, picked]);
  const { data: advisorData } = useQuery(AdminAdvisorsQuery, {
    variables: { serviceId: selected?.serviceId ?? null },
    skip: !selected,
  });
  const advisors = (advisorData?.advisors ?? []).filter((a) => a.active);

  async function updated(b: ServiceBookingFieldsFragment) {
    setPicked(b);
    await refetch();
  }

  const pick = (b: ServiceBookingFieldsFragment) => {
    setPicked(b);
    if (window.matchMedia('(max-width: 61.99em)').matches)
      setTimeout(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 0);
  };

  return (
    <Stack gap="6">
      <FilterBar>
        <FilterSearch
          label={t('adminServiceBookings.search')}
          value={search}
          onChange={setSearch}
          placeholder={t('adminServiceBookings.searchPlaceholder')}
        />
        <FilterSelect
          label={t('adminServiceBookings.statusFilter')}
          hideLabel
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          options={FILTERS.map((f) => [f, f === 'all' ? t('adminServiceBookings.all') : t(`serviceBookings.statuses.${f}`)] as const)}
        />
      </FilterBar>

      <SimpleGrid columns={{ base: 1, lg: 5 }} gap="6" alignItems="start">
        <PickList
          gridColumn={{ lg: 'span 2' }}
          label={t('adminServiceBookings.listLabel')}
          items={items}
          selectedId={selected?.id}
          onPick={pick}
          loading={loading && !data}
          emptyText={data ? t('adminServiceBookings.empty') : undefined}
          testId="service-booking-item"
          row={(b) => ({
            title: serviceName(b, lng),
            badge: <Badge colorPalette={STATUS_COLORS[b.status]}>{t(`serviceBookings.statuses.${b.status}`)}</Badge>,
            sub: b.userName,
            start: formatDate(b.preferredDate, lng),
            end: formatDateTime(b.createdAt, lng),
          })}
        />

        <PickDetail
          detailRef={detailRef}
          prompt={t('adminServiceBookings.selectPrompt')}
          picked={!!selected}
          title={selected && serviceName(selected, lng)}
          badges={
            selected && (
              <HStack>
                <Badge size="lg" colorPalette={STATUS_COLORS[selected.status]} data-testid="detail-status">
                  {t(`serviceBookings.statuses.${selected.status}`)}
                </Badge>
                <Badge size="lg" variant="outline" colorPalette={PAYMENT_COLORS[selected.paymentStatus]}>
                  {t(`serviceBookings.paymentStatuses.${selected.paymentStatus}`)}
                </Badge>
              </HStack>
            )
          }
          testId="service-booking-detail"
        >
          {selected && (
            <>
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>{t('adminServiceBookings.customer')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {selected.userName}
                    <Box as="span" ms="2">
                      <Box as="a" dir="ltr" color="teal.700" {...{ href: `mailto:${selected.userEmail}` }}>
                        {selected.userEmail}
                      </Box>
                    </Box>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('serviceBookings.contactNumber')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <a href={`tel:${selected.contactNumber}`} dir="ltr">
                      {selected.contactNumber}
                    </a>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('serviceBookings.preferredDate')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <PreferredWhen date={selected.preferredDate} time={selected.preferredTime} lng={lng} />
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('adminServiceBookings.advisor')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="detail-advisor">
                    {selected.advisorName ?? t('adminServiceBookings.noAdvisor')}
                  </DataList.ItemValue>
                </DataList.Item>
                {selected.scheduledAt && (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('serviceBookings.scheduledAt')}</DataList.ItemLabel>
                    <DataList.ItemValue>{formatDateTime(selected.scheduledAt, lng)}</DataList.ItemValue>
                  </DataList.Item>
                )}
                {selected.price !== null && selected.price !== undefined && (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('adminServiceBookings.quote')}</DataList.ItemLabel>
                    <DataList.ItemValue data-testid="detail-quote">
                      {formatSAR(selected.price, lng)} + {t('adminServiceBookings.vat')} = {formatSAR(selected.totalWithVat ?? 0, lng)}
                    </DataList.ItemValue>
                  </DataList.Item>
                )}
                {selected.cancelReason && (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('serviceBookings.cancelReason')}</DataList.ItemLabel>
                    <DataList.ItemValue>{selected.cancelReason}</DataList.ItemValue>
                  </DataList.Item>
                )}
                <DataList.Item>
                  <DataList.ItemLabel>{t('adminServiceBookings.received')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDateTime(selected.createdAt, lng)}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
              <Heading as="h3" size="sm" mt="6" mb="2">
                {t('serviceBookings.requirements')}
              </Heading>
              <Text whiteSpace="pre-line" bg="gray.50" p="3" rounded="md">
                {selected.requirements}
              </Text>

              {(selected.status === 'pending' || selected.status === 'confirmed') && (
                <AssignAdvisorForm key={`assign-${selected.id}`} booking={selected} advisors={advisors} onUpdated={updated} />
              )}
              {selected.status === 'pending' && (
                <ConfirmServiceBookingForm key={`confirm-${selected.id}`} booking={selected} onUpdated={updated} />
              )}
              {(selected.status === 'pending' || selected.status === 'confirmed') && (
                <CloseServiceBookingForm key={`close-${selected.id}`} booking={selected} onUpdated={updated} />
              )}
            </>
          )}
        </PickDetail>
      </SimpleGrid>
    </Stack>
  );
}
