import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  DataList,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CheckCircle2, Clock, Search, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminInquiriesQuery, UpdateInquiryStatusMutation } from './operations';
import type { InquiryFieldsFragment, InquiryStatus } from '../../gql/graphql';
import { notify } from '../../components/ui/toaster';
import { PickDetail, PickList } from '../../components/ui/PickList';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { STATUS_COLORS, serviceTypeKey } from './status';

const FILTERS = ['all', 'new', 'in_progress', 'resolved', 'closed'] as const;
type Filter = (typeof FILTERS)[number];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * Admin › Inquiries: search, status filter, list with a detail panel, status buttons, counters. `detailActions` adds
 * buttons of other features to the selected inquiry's footer (the route composes them).
 */
export function AdminInbox({ detailActions }: { detailActions?: (inquiry: InquiryFieldsFragment) => ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [picked, setPicked] = useState<InquiryFieldsFragment | null>(null);
  const selectedId = picked?.id ?? null;
  const detailRef = useRef<HTMLDivElement>(null);
  const pick = (i: InquiryFieldsFragment) => {
    setPicked(i);
    // One column on narrow screens: bring the detail panel into view.
    if (window.matchMedia('(max-width: 61.99em)').matches)
      setTimeout(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 0);
  };
  const { data, loading, error, refetch } = useQuery(AdminInquiriesQuery, {
    variables: { status: filter === 'all' ? null : filter, search: debounced || null },
    fetchPolicy: 'cache-and-network',
  });
  const [update, { loading: updating }] = useMutation(UpdateInquiryStatusMutation);

  useEffect(() => {
    if (error) notify.error(t('adminInquiries.loadFailed'));
  }, [error, t]);

  const items = useMemo(() => data?.inquiries ?? [], [data]);
  // The list's copy when it has one; otherwise the last one seen (it may have left the filtered list).
  const selected = useMemo(() => items.find((i) => i.id === selectedId) ?? picked, [items, selectedId, picked]);
  const stats = data?.inquiryStats;

  async function setStatus(status: InquiryStatus) {
    if (!selected) return;
    try {
      const res = await update({ variables: { id: selected.id, status } });
      if (res.data) setPicked(res.data.updateInquiryStatus);
      notify.success(t('adminInquiries.updated'));
      await refetch();
    } catch (err) {
      notify.error(errorMessage(err, t('adminInquiries.updateFailed')));
    }
  }

  const counters: Array<[string, number | undefined]> = [
    ['adminInquiries.total', stats?.total],
    ['adminInquiries.countNew', stats?.new],
    ['adminInquiries.countInProgress', stats?.inProgress],
    ['adminInquiries.countResolved', stats?.resolved],
  ];

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {counters.map(([key, n]) => (
          <Stat.Root key={key} borderWidth="1px" rounded="lg" p="4" data-testid={`counter-${key.split('.')[1]}`}>
            <Stat.Label>{t(key)}</Stat.Label>
            <Stat.ValueText>{n ?? '–'}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>

      <Flex gap="3" wrap="wrap">
        <InputGroup flex="1" minW="240px" startElement={<Search size={16} aria-hidden />}>
          <Input
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('adminInquiries.searchPlaceholder')}
            aria-label={t('adminInquiries.search')}
          />
        </InputGroup>
        <NativeSelect.Root width={{ base: 'full', sm: '220px' }}>
          <NativeSelect.Field
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            aria-label={t('adminInquiries.statusFilter')}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? t('adminInquiries.all') : t(`inquiries.statuses.${f}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>

      <SimpleGrid columns={{ base: 1, lg: 5 }} gap="6" alignItems="start">
        <PickList
          gridColumn={{ lg: 'span 2' }}
          label={t('adminInquiries.listLabel')}
          items={items}
          selectedId={selectedId}
          onPick={pick}
          loading={loading && !data}
          emptyText={data ? t('adminInquiries.empty') : undefined}
          testId="inquiry-item"
          row={(i) => ({
            title: i.fullName,
            badge: <Badge colorPalette={STATUS_COLORS[i.status]}>{t(`inquiries.statuses.${i.status}`)}</Badge>,
            sub: i.email,
            start: t(serviceTypeKey(i.serviceType)),
            end: formatDateTime(i.createdAt, i18n.language),
          })}
        />

        <PickDetail
          detailRef={detailRef}
          prompt={t('adminInquiries.selectPrompt')}
          picked={!!selected}
          title={selected?.fullName}
          badges={
            selected && (
              <Badge size="lg" colorPalette={STATUS_COLORS[selected.status]}>
                {t(`inquiries.statuses.${selected.status}`)}
              </Badge>
            )
          }
          testId="inquiry-detail"
          footer={
            selected && (
              <HStack gap="2" wrap="wrap">
                {selected.status !== 'in_progress' && (
                  <Button colorPalette="orange" variant="outline" onClick={() => void setStatus('in_progress')} loading={updating}>
                    <Clock size={16} aria-hidden /> {t('adminInquiries.markInProgress')}
                  </Button>
                )}
                {selected.status !== 'resolved' && (
                  <Button colorPalette="green" onClick={() => void setStatus('resolved')} loading={updating}>
                    <CheckCircle2 size={16} aria-hidden /> {t('adminInquiries.markResolved')}
                  </Button>
                )}
                {selected.status !== 'closed' && (
                  <Button colorPalette="gray" variant="outline" onClick={() => void setStatus('closed')} loading={updating}>
                    <XCircle size={16} aria-hidden /> {t('adminInquiries.close')}
                  </Button>
                )}
                {detailActions?.(selected)}
              </HStack>
            )
          }
        >
          {selected && (
            <>
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>{t('inquiries.serviceType')}</DataList.ItemLabel>
                  <DataList.ItemValue>{t(serviceTypeKey(selected.serviceType))}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('inquiries.email')}</DataList.ItemLabel>
                  <DataList.ItemValue css={{ unicodeBidi: 'plaintext' }}>
                    <a href={`mailto:${selected.email}`}>{selected.email}</a>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('inquiries.companyName')}</DataList.ItemLabel>
                  <DataList.ItemValue>{selected.companyName ?? '—'}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('adminInquiries.received')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDateTime(selected.createdAt, i18n.language)}</DataList.ItemValue>
                </DataList.Item>
                {selected.serviceType === 'legal_consultancy' && (
                  <>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('inquiries.preferredDate')}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid="preferred-date">
                        {selected.preferredDate ? formatDate(selected.preferredDate, i18n.language) : t('adminInquiries.notGiven')}
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>{t('inquiries.preferredTime')}</DataList.ItemLabel>
                      <DataList.ItemValue data-testid="preferred-time" dir="ltr">
                        {selected.preferredTime ?? t('adminInquiries.notGiven')}
                      </DataList.ItemValue>
                    </DataList.Item>
                  </>
                )}
              </DataList.Root>
              <Heading as="h3" size="sm" mt="6" mb="2">
                {t('inquiries.message')}
              </Heading>
              <Text whiteSpace="pre-line" bg="gray.50" p="3" rounded="md">
                {selected.message}
              </Text>
            </>
          )}
        </PickDetail>
      </SimpleGrid>
    </Stack>
  );
}
