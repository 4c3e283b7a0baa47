import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, Container, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CalendarDays, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_MESSAGES as AM } from '@shared/availability.rules';
import { dateLocale, RIYADH_GREGORIAN, toInstant } from '@shared/dates';
import { RangeCalendar, type DayRange } from '../../components/ui/range-calendar';
import {
  ResourceAvailabilityQuery,
  RotateCalendarFeedMutation,
  SetResourceAvailabilityMutation,
} from '../../features/availability/operations';
import { marketError } from '../../features/marketplace/messages';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { translateServerMessage } from '../../lib/errors';

const riyadhToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
/** 00:00 … 24:00 every half hour. */
const TIMES = Array.from({ length: 49 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

type Block = { startDate: string; endDate: string; note: string };
type Hours = { weekday: number; opens: string; closes: string };

/**
 * /resources/:id/availability: the host blocks days (with a note), sets weekly opening hours of an hourly listing and
 * copies or renews the private calendar feed address. Saving sends the whole calendar (PUT semantics).
 */
export default function ResourceAvailabilityPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { data, loading, error, refetch } = useQuery(ResourceAvailabilityQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const [save, saving] = useMutation(SetResourceAvailabilityMutation);
  const [rotate, rotating] = useMutation(RotateCalendarFeedMutation);
  const [range, setRange] = useState<DayRange>({ start: null, end: null });
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const a = data?.resourceAvailability;
  const blocked: Block[] = useMemo(() => a?.blocked ?? [], [a]);
  const blockedDays = useMemo(() => {
    const s = new Set<string>();
    for (const b of blocked)
      for (let d = b.startDate; d <= b.endDate; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
        s.add(d);
    return s;
  }, [blocked]);
  const dayFmt = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    ...RIYADH_GREGORIAN,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const weekdayFmt = new Intl.DateTimeFormat(dateLocale(i18n.language), { ...RIYADH_GREGORIAN, weekday: 'long' });
  // 2026-11-01 was a Sunday: weekday n is that date plus n days.
  const weekdayName = (n: number) => weekdayFmt.format(toInstant(`2026-11-0${n + 1}`));

  const send = async (next: { blocked: Block[]; openingHours: Hours[] }, done: string) => {
    setProblem(null);
    try {
      await save({
        variables: {
          id,
          input: {
            blocked: next.blocked.map((b) => ({ startDate: b.startDate, endDate: b.endDate, note: b.note })),
            openingHours: next.openingHours.map((h) => ({ weekday: h.weekday, opens: h.opens, closes: h.closes })),
          },
        },
      });
      // ResourceAvailability has no id for the cache to merge the answer by: read the calendar again.
      await refetch();
      notify.success(done);
      return true;
    } catch (err) {
      const msg = marketError(err, t('availability.saveFailed'));
      setProblem(msg);
      notify.error(msg);
      return false;
    }
  };
  const hours: Hours[] = a?.openingHours ?? [];

  const addBlock = async () => {
    if (!range.start || !range.end) return setProblem(t('availability.pickDays'));
    const ok = await send(
      { blocked: [...blocked, { startDate: range.start, endDate: range.end, note: note.trim() }], openingHours: hours },
      t('availability.blocked'),
    );
    if (ok) {
      setRange({ start: null, end: null });
      setNote('');
    }
  };
  const removeBlock = (b: Block) => send({ blocked: blocked.filter((x) => x !== b), openingHours: hours }, t('availability.unblocked'));

  const [draftHours, setDraftHours] = useState<Record<number, { open: boolean; opens: string; closes: string }> | null>(null);
  const shownHours =
    draftHours ??
    Object.fromEntries(
      WEEKDAYS.map((w) => {
        const h = hours.find((x) => x.weekday === w);
        return [w, { open: !hours.length || !!h, opens: h?.opens ?? '08:00', closes: h?.closes ?? '17:00' }];
      }),
    );
  const saveHours = async () => {
    const all = WEEKDAYS.every((w) => shownHours[w].open && shownHours[w].opens === '00:00' && shownHours[w].closes === '24:00');
    const list = all ? [] : WEEKDAYS.filter((w) => shownHours[w].open).map((w) => ({ weekday: w, ...shownHours[w] }));
    if (
      await send(
        { blocked, openingHours: list.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })) },
        t('availability.hoursSaved'),
      )
    )
      setDraftHours(null);
  };

  const copy = async () => {
    if (!a) return;
    try {
      await navigator.clipboard.writeText(a.icsUrl);
      notify.success(t('availability.feed.copied'));
    } catch {
      notify.error(t('availability.feed.copyFailed'));
    }
  };
  const renew = async () => {
    try {
      await rotate({ variables: { id } });
      await refetch();
      notify.success(t('availability.feed.rotated'));
    } catch (err) {
      notify.error(marketError(err, t('availability.saveFailed')));
    }
  };

  return (
    <Container maxW="5xl" py="10">
      <Stack gap="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {t('availability.title')}
            </Heading>
            {data?.resource && <Text color="gray.600">{data.resource.title}</Text>}
          </Stack>
          <Button asChild variant="outline">
            <RouterLink to={paths.myResources}>{t('availability.back')}</RouterLink>
          </Button>
        </Flex>
        <ListState
          loading={loading && !data}
          error={error}
          empty={!a}
          errorText={t('availability.loadFailed')}
          emptyText={t('availability.loadFailed')}
          emptyIcon={<CalendarDays />}
        >
          {a && data?.resource?.resourceType === 'digital' ? (
            <Text>{translateServerMessage(AM.noCalendar)}</Text>
          ) : (
            a && (
              <>
                <Card.Root>
                  <Card.Body gap="4">
                    <Card.Title as="h2">{t('availability.blockTitle')}</Card.Title>
                    <Text fontSize="sm" color="gray.600">
                      {t('availability.blockHelp')}
                    </Text>
                    <Flex gap="6" wrap="wrap" align="flex-start">
                      <Box flex="1" minW="280px" maxW="360px">
                        <RangeCalendar
                          testId="block-calendar"
                          label={t('availability.calendar.blockLabel')}
                          min={riyadhToday()}
                          value={range}
                          onChange={setRange}
                          isUnavailable={(d) => blockedDays.has(d)}
                        />
                      </Box>
                      <Stack flex="1" minW="240px" gap="3">
                        <Text data-testid="block-selection">
                          {range.start && range.end
                            ? t('availability.selection', {
                                from: dayFmt.format(toInstant(range.start)),
                                to: dayFmt.format(toInstant(range.end)),
                              })
                            : t('availability.pickDays')}
                        </Text>
                        <Field.Root>
                          <Field.Label>{t('availability.note')}</Field.Label>
                          <Input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
                        </Field.Root>
                        {problem && (
                          <Text color="red.600" role="alert">
                            {problem}
                          </Text>
                        )}
                        <Button colorPalette="teal" onClick={addBlock} loading={saving.loading} disabled={!range.start}>
                          {t('availability.block')}
                        </Button>
                      </Stack>
                    </Flex>
                    <Stack gap="2" as="ul" listStyleType="none" data-testid="blocked-list">
                      {blocked.length === 0 && <Text color="gray.600">{t('availability.none')}</Text>}
                      {blocked.map((b) => (
                        <HStack as="li" key={b.startDate} justify="space-between" borderWidth="1px" borderRadius="md" p="2">
                          <Stack gap="0">
                            <Text fontWeight="semibold">
                              {t('availability.selection', {
                                from: dayFmt.format(toInstant(b.startDate)),
                                to: dayFmt.format(toInstant(b.endDate)),
                              })}
                            </Text>
                            {b.note && (
                              <Text fontSize="sm" color="gray.600">
                                {b.note}
                              </Text>
                            )}
                          </Stack>
                          <Button
                            size="sm"
                            variant="outline"
                            colorPalette="red"
                            onClick={() => removeBlock(b)}
                            aria-label={t('availability.unblockRange', { from: dayFmt.format(toInstant(b.startDate)) })}
                          >
                            <Trash2 size={14} /> {t('availability.unblock')}
                          </Button>
                        </HStack>
                      ))}
                    </Stack>
                  </Card.Body>
                </Card.Root>

                {a.hourly && (
                  <Card.Root>
                    <Card.Body gap="3">
                      <Card.Title as="h2">{t('availability.hoursTitle')}</Card.Title>
                      <Text fontSize="sm" color="gray.600">
                        {t('availability.hoursHelp')}
                      </Text>
                      {WEEKDAYS.map((w) => {
                        const h = shownHours[w];
                        const set = (patch: Partial<typeof h>) => setDraftHours({ ...shownHours, [w]: { ...h, ...patch } });
                        return (
                          <HStack key={w} gap="3" wrap="wrap">
                            <Box minW="32">
                              <label>
                                <input type="checkbox" checked={h.open} onChange={(e) => set({ open: e.target.checked })} />{' '}
                                {weekdayName(w)}
                              </label>
                            </Box>
                            <NativeSelect.Root size="sm" width="28" disabled={!h.open}>
                              <NativeSelect.Field
                                aria-label={t('availability.opens', { day: weekdayName(w) })}
                                value={h.opens}
                                onChange={(e) => set({ opens: e.target.value })}
                                dir="ltr"
                              >
                                {TIMES.slice(0, -1).map((x) => (
                                  <option key={x}>{x}</option>
                                ))}
                              </NativeSelect.Field>
                            </NativeSelect.Root>
                            <NativeSelect.Root size="sm" width="28" disabled={!h.open}>
                              <NativeSelect.Field
                                aria-label={t('availability.closes', { day: weekdayName(w) })}
                                value={h.closes}
                                onChange={(e) => set({ closes: e.target.value })}
                                dir="ltr"
                              >
                                {TIMES.slice(1).map((x) => (
                                  <option key={x}>{x}</option>
                                ))}
                              </NativeSelect.Field>
                            </NativeSelect.Root>
                          </HStack>
                        );
                      })}
                      <Button alignSelf="flex-start" colorPalette="teal" onClick={saveHours} loading={saving.loading}>
                        {t('availability.saveHours')}
                      </Button>
                    </Card.Body>
                  </Card.Root>
                )}

                <Card.Root>
                  <Card.Body gap="3">
                    <Card.Title as="h2">{t('availability.feed.title')}</Card.Title>
                    <Text fontSize="sm" color="gray.600">
                      {t('availability.feed.help')}
                    </Text>
                    <Input readOnly value={a.icsUrl} dir="ltr" aria-label={t('availability.feed.address')} data-testid="ics-url" />
                    <HStack gap="3" wrap="wrap">
                      <Button variant="outline" onClick={copy}>
                        <Copy size={14} /> {t('availability.feed.copy')}
                      </Button>
                      <Button variant="outline" colorPalette="red" onClick={renew} loading={rotating.loading}>
                        <RefreshCw size={14} /> {t('availability.feed.rotate')}
                      </Button>
                    </HStack>
                  </Card.Body>
                </Card.Root>
              </>
            )
          )}
        </ListState>
      </Stack>
    </Container>
  );
}
