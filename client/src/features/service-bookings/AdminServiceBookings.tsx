import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CheckCircle2, XCircle, BadgeCheck, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_BOOKING_STATUSES } from '@shared/service-bookings.rules';
import { todayInRiyadh } from '@shared/public.rules';
import { AdminAdvisorsQuery, AdminServiceBookingsQuery, UpdateServiceBookingMutation } from './operations';
import type { ServiceBookingFieldsFragment, ServiceBookingStatus } from '../../gql/graphql';
import { notify } from '../../components/ui/toaster';
import { FilterBar, FilterSearch, FilterSelect } from '../../components/ui/FilterBar';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatSAR } from '../../lib/format';
import { errorField, PAYMENT_COLORS, STATUS_COLORS, serviceName } from './labels';
import { PreferredWhen } from './PreferredWhen';

const FILTERS = ['all', ...SERVICE_BOOKING_STATUSES] as const;
type Filter = (typeof FILTERS)[number];
type ActionField = 'price' | 'scheduled_at' | 'reason' | 'advisor_id';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** A datetime-local value (wall-clock time in Riyadh, UTC+3 all year) as an instant with its offset. */
const riyadhInstant = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+03:00` : '');

/** Admin › Service bookings: search, status filter, list, detail, confirm with a quote and time, complete, cancel. */
export function AdminServiceBookings() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [picked, setPicked] = useState<ServiceBookingFieldsFragment | null>(null);
  const [price, setPrice] = useState('');
  const [when, setWhen] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ActionField, string>>>({});
  const [advisorPick, setAdvisorPick] = useState('');
  const detailRef = useRef<HTMLDivElement>(null);
  const { data, loading, error, refetch } = useQuery(AdminServiceBookingsQuery, {
    variables: { status: filter === 'all' ? null : (filter as ServiceBookingStatus), search: debounced || null },
    fetchPolicy: 'cache-and-network',
  });
  const [update, { loading: updating }] = useMutation(UpdateServiceBookingMutation);

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

  async function assign() {
    if (!selected) return;
    if (!advisorPick) return setErrors({ advisor_id: t('adminServiceBookings.chooseAdvisor') });
    try {
      const res = await update({ variables: { id: selected.id, input: { advisorId: advisorPick } } });
      if (res.data) setPicked(res.data.updateServiceBooking);
      setErrors({});
      notify.success(t('adminServiceBookings.assigned'));
      await refetch();
    } catch (err) {
      const field = errorField(err) as ActionField | null;
      const message = errorMessage(err, t('adminServiceBookings.updateFailed'));
      setErrors({ [field === 'scheduled_at' ? 'scheduled_at' : 'advisor_id']: message });
    }
  }

  const pick = (b: ServiceBookingFieldsFragment) => {
    setPicked(b);
    setPrice('');
    setWhen(b.preferredDate && b.preferredTime ? `${b.preferredDate}T${b.preferredTime}` : '');
    setReason('');
    setAdvisorPick(b.advisorId ?? '');
    setErrors({});
    if (window.matchMedia('(max-width: 61.99em)').matches)
      setTimeout(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 0);
  };

  async function act(status: 'confirmed' | 'completed' | 'cancelled') {
    if (!selected) return;
    const local: Partial<Record<ActionField, string>> = {};
    if (status === 'confirmed' && !price.trim()) local.price = t('serverMessages.sbPriceRequired');
    if (status === 'confirmed' && !when) local.scheduled_at = t('serverMessages.sbScheduledRequired');
    if (status === 'cancelled' && !reason.trim()) local.reason = t('serverMessages.sbReasonRequired');
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const input =
        status === 'confirmed'
          ? { status, price: price.trim(), scheduledAt: riyadhInstant(when) }
          : status === 'cancelled'
            ? { status, reason: reason.trim() }
            : { status };
      const res = await update({ variables: { id: selected.id, input: input as never } });
      if (res.data) setPicked(res.data.updateServiceBooking);
      notify.success(t(`adminServiceBookings.done.${status}`));
      await refetch();
    } catch (err) {
      const field = errorField(err) as ActionField | null;
      const message = errorMessage(err, t('adminServiceBookings.updateFailed'));
      if (field && ['price', 'scheduled_at', 'reason', 'advisor_id'].includes(field)) setErrors({ [field]: message });
      else notify.error(message);
    }
  }

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
        <Stack gap="2" gridColumn={{ lg: 'span 2' }} role="list" aria-label={t('adminServiceBookings.listLabel')}>
          {loading && !data && <Spinner aria-label={t('common.loading')} />}
          {data && !items.length && <Text color="gray.600">{t('adminServiceBookings.empty')}</Text>}
          {items.map((b) => (
            <Box key={b.id} role="listitem">
              <Box
                as="button"
                w="full"
                textAlign="start"
                borderWidth="1px"
                rounded="md"
                p="3"
                bg={b.id === selected?.id ? 'teal.50' : 'white'}
                borderColor={b.id === selected?.id ? 'teal.400' : 'gray.200'}
                _hover={{ borderColor: 'teal.300' }}
                onClick={() => pick(b)}
                aria-pressed={b.id === selected?.id}
                data-testid="service-booking-item"
              >
                <HStack justify="space-between" gap="2">
                  <Text fontWeight="semibold" truncate>
                    {serviceName(b, lng)}
                  </Text>
                  <Badge colorPalette={STATUS_COLORS[b.status]}>{t(`serviceBookings.statuses.${b.status}`)}</Badge>
                </HStack>
                <Text fontSize="sm" color="gray.600" truncate>
                  {b.userName}
                </Text>
                <HStack fontSize="xs" color="gray.500" justify="space-between">
                  <Text>{formatDate(b.preferredDate, lng)}</Text>
                  <Text>{formatDateTime(b.createdAt, lng)}</Text>
                </HStack>
              </Box>
            </Box>
          ))}
        </Stack>

        <Box gridColumn={{ lg: 'span 3' }} ref={detailRef} scrollMarginTop="20">
          {!selected ? (
            <Card.Root variant="subtle">
              <Card.Body>
                <Text color="gray.600">{t('adminServiceBookings.selectPrompt')}</Text>
              </Card.Body>
            </Card.Root>
          ) : (
            <Card.Root data-testid="service-booking-detail">
              <Card.Header>
                <HStack justify="space-between" wrap="wrap">
                  <Heading as="h2" size="lg">
                    {serviceName(selected, lng)}
                  </Heading>
                  <HStack>
                    <Badge size="lg" colorPalette={STATUS_COLORS[selected.status]} data-testid="detail-status">
                      {t(`serviceBookings.statuses.${selected.status}`)}
                    </Badge>
                    <Badge size="lg" variant="outline" colorPalette={PAYMENT_COLORS[selected.paymentStatus]}>
                      {t(`serviceBookings.paymentStatuses.${selected.paymentStatus}`)}
                    </Badge>
                  </HStack>
                </HStack>
              </Card.Header>
              <Card.Body>
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
                  <HStack gap="3" mt="6" align="end" wrap="wrap" data-testid="assign-advisor">
                    <Field.Root invalid={!!errors.advisor_id} flex="1" minW="220px">
                      <Field.Label>{t('adminServiceBookings.advisor')}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field value={advisorPick} onChange={(e) => setAdvisorPick(e.target.value)}>
                          <option value="">
                            {advisors.length ? t('adminServiceBookings.chooseAdvisor') : t('adminServiceBookings.noAdvisors')}
                          </option>
                          {advisors.map((a) => (
                            <option key={a.id} value={a.id}>
                              {a.displayName} ({a.languages.join(', ')})
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.advisor_id}</Field.ErrorText>
                    </Field.Root>
                    <Button
                      variant="outline"
                      colorPalette="teal"
                      onClick={() => void assign()}
                      loading={updating}
                      disabled={!advisors.length || advisorPick === (selected.advisorId ?? '')}
                    >
                      <UserCheck size={16} aria-hidden /> {t('adminServiceBookings.assignAdvisor')}
                    </Button>
                  </HStack>
                )}
                {selected.status === 'pending' && (
                  <Stack gap="3" mt="6" data-testid="confirm-form">
                    <Heading as="h3" size="sm">
                      {t('adminServiceBookings.confirmTitle')}
                    </Heading>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      <Field.Root required invalid={!!errors.price}>
                        <Field.Label>{t('adminServiceBookings.price')}</Field.Label>
                        <Input inputMode="decimal" dir="ltr" value={price} onChange={(e) => setPrice(e.target.value)} placeholder="1500" />
                        {errors.price ? (
                          <Field.ErrorText>{errors.price}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>{t('adminServiceBookings.priceHint')}</Field.HelperText>
                        )}
                      </Field.Root>
                      <Field.Root required invalid={!!errors.scheduled_at}>
                        <Field.Label>{t('adminServiceBookings.meetingTime')}</Field.Label>
                        <Input
                          type="datetime-local"
                          min={`${todayInRiyadh()}T00:00`}
                          value={when}
                          onChange={(e) => setWhen(e.target.value)}
                        />
                        {errors.scheduled_at ? (
                          <Field.ErrorText>{errors.scheduled_at}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>{t('adminServiceBookings.riyadhTime')}</Field.HelperText>
                        )}
                      </Field.Root>
                    </SimpleGrid>
                    <Button colorPalette="teal" alignSelf="start" onClick={() => void act('confirmed')} loading={updating}>
                      <BadgeCheck size={16} aria-hidden /> {t('adminServiceBookings.confirm')}
                    </Button>
                  </Stack>
                )}
                {(selected.status === 'pending' || selected.status === 'confirmed') && (
                  <Stack gap="3" mt="6">
                    <Field.Root invalid={!!errors.reason}>
                      <Field.Label>{t('adminServiceBookings.reason')}</Field.Label>
                      <Textarea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
                      <Field.ErrorText>{errors.reason}</Field.ErrorText>
                    </Field.Root>
                    <HStack gap="2" wrap="wrap">
                      {selected.status === 'confirmed' && (
                        <Button colorPalette="green" onClick={() => void act('completed')} loading={updating}>
                          <CheckCircle2 size={16} aria-hidden /> {t('adminServiceBookings.complete')}
                        </Button>
                      )}
                      <Button colorPalette="red" variant="outline" onClick={() => void act('cancelled')} loading={updating}>
                        <XCircle size={16} aria-hidden /> {t('adminServiceBookings.cancel')}
                      </Button>
                    </HStack>
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>
          )}
        </Box>
      </SimpleGrid>
    </Stack>
  );
}
