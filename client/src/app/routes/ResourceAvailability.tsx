import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Card, Container, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CalendarDays, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch } from 'react-hook-form';
import { CombinedGraphQLErrors } from '@apollo/client';
import { z } from 'zod';
import { AVAILABILITY_LIMITS, AVAILABILITY_MESSAGES as AM, timeToMinutes } from '@shared/availability.rules';
import { dateLocale, RIYADH_GREGORIAN, toInstant } from '@shared/dates';
import { RangeCalendar } from '../../components/ui/range-calendar';
import { FormField } from '../../components/ui/FormField';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import {
  ResourceAvailabilityQuery,
  RotateCalendarFeedMutation,
  SetResourceAvailabilityMutation,
} from '../../features/availability/operations';
import { marketError, translateMarketMessage } from '../../features/marketplace/messages';
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
/** What saving answers: nothing when saved, else the refusal, for the form to place at its field. */
type Send = (next: { blocked: Block[]; openingHours: Hours[] }, done: string) => Promise<unknown>;

/** Days to block, with a note: both days chosen, at most a year, the note within the rule's length. */
const blockForm = z
  .object({
    dates: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
    note: z.string().trim().max(AVAILABILITY_LIMITS.noteMax, AM.noteTooLong),
  })
  .superRefine((v, ctx) => {
    const { start, end } = v.dates;
    if (!start || !end) ctx.addIssue({ code: 'custom', message: 'availability.daysRequired', path: ['dates'] });
    else if ((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1 > AVAILABILITY_LIMITS.rangeMaxDays)
      ctx.addIssue({ code: 'custom', message: AM.rangeTooLong, path: ['dates'] });
  });

/** The week's opening hours, a row per weekday (0 Sunday): an open day closes after it opens. */
const hoursForm = z.object({
  days: z.array(
    z
      .object({ open: z.boolean(), opens: z.string(), closes: z.string() })
      .refine((h) => !h.open || timeToMinutes(h.closes) > timeToMinutes(h.opens), { message: AM.closesBeforeOpens, path: ['closes'] }),
  ),
});
type HoursRow = z.output<typeof hoursForm>['days'][number];

/** The rules' messages are the server's English ones (translated when shown); a few are the page's own keys. */
function useProblem() {
  const { t } = useTranslation();
  return (errors: Parameters<typeof fieldError>[0], name: string) =>
    fieldError(errors, name, (m) => (m.startsWith('availability.') ? t(m) : translateMarketMessage(m)));
}

/** The server's paths of an item of the calendar it was sent, in the REST rule's spelling and GraphQL's. */
const itemPaths = (list: string, index: number, field: string, camel: string) => [`${list}.${index}.${field}`, `${list}.${index}.${camel}`];

/**
 * /resources/:id/availability: the host blocks days (with a note), sets weekly opening hours of an hourly listing and
 * copies or renews the private calendar feed address. Saving sends the whole calendar (PUT semantics).
 */
export default function ResourceAvailabilityPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { data, loading, error, refetch } = useQuery(ResourceAvailabilityQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const [save] = useMutation(SetResourceAvailabilityMutation);
  const [rotate, rotating] = useMutation(RotateCalendarFeedMutation);
  const a = data?.resourceAvailability;
  const blocked: Block[] = useMemo(() => a?.blocked ?? [], [a]);
  const hours: Hours[] = useMemo(() => a?.openingHours ?? [], [a]);
  const dayFmt = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    ...RIYADH_GREGORIAN,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const weekdayFmt = new Intl.DateTimeFormat(dateLocale(i18n.language), { ...RIYADH_GREGORIAN, weekday: 'long' });
  // 2026-11-01 was a Sunday: weekday n is that date plus n days.
  const weekdayName = (n: number) => weekdayFmt.format(toInstant(`2026-11-0${n + 1}`));

  const send: Send = async (next, done) => {
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
      return null;
    } catch (err) {
      return err;
    }
  };
  const removeBlock = async (b: Block) => {
    const err = await send({ blocked: blocked.filter((x) => x !== b), openingHours: hours }, t('availability.unblocked'));
    if (err) notify.error(marketError(err, t('availability.saveFailed')));
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
                    <BlockForm blocked={blocked} hours={hours} send={send} dayFmt={dayFmt} />
                    <Stack gap="2" as="ul" listStyleType="none" data-testid="blocked-list">
                      {blocked.length === 0 && (
                        <Text as="li" color="gray.600">
                          {t('availability.none')}
                        </Text>
                      )}
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
                            onClick={() => void removeBlock(b)}
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
                      {/* Drawn again from what the server saved each time it changes (a saved week starts clean). */}
                      <HoursForm key={JSON.stringify(hours)} blocked={blocked} hours={hours} send={send} weekdayName={weekdayName} />
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

/**
 * Blocking days: the range in the calendar and a note. Each problem shows at its field as it is left and on submit
 * (issue #26); the server's refusal of the new range (its path in the calendar sent, or a booking on those days)
 * lands at the calendar, of its note at the note.
 */
function BlockForm({ blocked, hours, send, dayFmt }: { blocked: Block[]; hours: Hours[]; send: Send; dayFmt: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const problem = useProblem();
  const form = useZodForm(blockForm, { defaultValues: { dates: { start: null, end: null }, note: '' } });
  const { errors, isSubmitting } = form.formState;
  const range = useWatch({ control: form.control, name: 'dates' });
  const blockedDays = useMemo(() => {
    const s = new Set<string>();
    for (const b of blocked)
      for (let d = b.startDate; d <= b.endDate; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
        s.add(d);
    return s;
  }, [blocked]);

  const submit = async (v: z.output<typeof blockForm>) => {
    const err = await send(
      { blocked: [...blocked, { startDate: v.dates.start!, endDate: v.dates.end!, note: v.note }], openingHours: hours },
      t('availability.blocked'),
    );
    if (!err) return form.reset();
    // The new range is the last one sent.
    const n = blocked.length;
    const aliases = {
      blocked: 'dates' as const,
      ...Object.fromEntries(itemPaths('blocked', n, 'start_date', 'startDate').map((p) => [p, 'dates' as const])),
      ...Object.fromEntries(itemPaths('blocked', n, 'end_date', 'endDate').map((p) => [p, 'dates' as const])),
      [`blocked.${n}.note`]: 'note' as const,
    };
    if (placeServerError(err, form.setError, ['dates', 'note'], aliases)) return;
    // A booking on these days (409): about the range chosen.
    if (CombinedGraphQLErrors.is(err) && err.errors[0]?.extensions?.code === 'CONFLICT')
      return form.setError('dates', { type: 'server', message: err.errors[0].message }, { shouldFocus: true });
    notify.error(marketError(err, t('availability.saveFailed')));
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate aria-label={t('availability.blockTitle')}>
      <Flex gap="6" wrap="wrap" align="flex-start">
        <Box flex="1" minW="280px" maxW="360px">
          <Controller
            control={form.control}
            name="dates"
            render={({ field }) => (
              <RangeCalendar
                testId="block-calendar"
                label={t('availability.calendar.blockLabel')}
                min={riyadhToday()}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={problem(errors, 'dates')}
                isUnavailable={(d) => blockedDays.has(d)}
              />
            )}
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
          <FormField label={t('availability.note')} optional error={problem(errors, 'note')}>
            <Input {...form.register('note')} maxLength={AVAILABILITY_LIMITS.noteMax} />
          </FormField>
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            {t('availability.block')}
          </Button>
        </Stack>
      </Flex>
    </form>
  );
}

/**
 * The week's opening hours of an hourly listing: a closing time not after the opening shows at that day's closing
 * time as it is left and on save (issue #26), as does the server's refusal of a day's hours.
 */
function HoursForm({
  blocked,
  hours,
  send,
  weekdayName,
}: {
  blocked: Block[];
  hours: Hours[];
  send: Send;
  weekdayName: (n: number) => string;
}) {
  const { t } = useTranslation();
  const problem = useProblem();
  const form = useZodForm(hoursForm, {
    defaultValues: {
      days: WEEKDAYS.map((w): HoursRow => {
        const h = hours.find((x) => x.weekday === w);
        return { open: !hours.length || !!h, opens: h?.opens ?? '08:00', closes: h?.closes ?? '17:00' };
      }),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const days = useWatch({ control: form.control, name: 'days' });

  const submit = async (v: z.output<typeof hoursForm>) => {
    const all = v.days.every((h) => h.open && h.opens === '00:00' && h.closes === '24:00');
    const list = all
      ? []
      : WEEKDAYS.filter((w) => v.days[w].open).map((w) => ({ weekday: w, opens: v.days[w].opens, closes: v.days[w].closes }));
    const err = await send({ blocked, openingHours: list }, t('availability.hoursSaved'));
    if (!err) return;
    // The server names an item of the list it was sent (`opening_hours.2.closes`): that weekday's field.
    const aliases = Object.fromEntries(
      list.flatMap((h, k) =>
        (['opens', 'closes'] as const).flatMap((f) =>
          [`opening_hours.${k}.${f}`, `openingHours.${k}.${f}`].map((p) => [p, `days.${h.weekday}.${f}` as const]),
        ),
      ),
    );
    const fields = WEEKDAYS.flatMap((w) => [`days.${w}.opens`, `days.${w}.closes`] as const);
    if (!placeServerError(err, form.setError, fields, aliases)) notify.error(marketError(err, t('availability.saveFailed')));
  };

  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate aria-label={t('availability.hoursTitle')}>
      <Stack gap="3">
        {WEEKDAYS.map((w) => {
          const open = days[w]?.open;
          const closesError = problem(errors, `days.${w}.closes`);
          return (
            <HStack key={w} gap="3" wrap="wrap" align="start">
              <Box minW="32" pt="1">
                <label>
                  <input type="checkbox" {...form.register(`days.${w}.open`)} /> {weekdayName(w)}
                </label>
              </Box>
              <Field.Root width="auto" invalid={!!problem(errors, `days.${w}.opens`)} disabled={!open}>
                <NativeSelect.Root size="sm" width="28">
                  <NativeSelect.Field
                    aria-label={t('availability.opens', { day: weekdayName(w) })}
                    dir="ltr"
                    {...form.register(`days.${w}.opens`)}
                  >
                    {TIMES.slice(0, -1).map((x) => (
                      <option key={x}>{x}</option>
                    ))}
                  </NativeSelect.Field>
                </NativeSelect.Root>
                <Field.ErrorText>{problem(errors, `days.${w}.opens`)}</Field.ErrorText>
              </Field.Root>
              <Field.Root width="auto" invalid={!!closesError} disabled={!open}>
                <NativeSelect.Root size="sm" width="28">
                  <NativeSelect.Field
                    aria-label={t('availability.closes', { day: weekdayName(w) })}
                    dir="ltr"
                    {...form.register(`days.${w}.closes`)}
                  >
                    {TIMES.slice(1).map((x) => (
                      <option key={x}>{x}</option>
                    ))}
                  </NativeSelect.Field>
                </NativeSelect.Root>
                <Field.ErrorText>{closesError}</Field.ErrorText>
              </Field.Root>
            </HStack>
          );
        })}
        <Button type="submit" alignSelf="flex-start" colorPalette="teal" loading={isSubmitting}>
          {t('availability.saveHours')}
        </Button>
      </Stack>
    </form>
  );
}
