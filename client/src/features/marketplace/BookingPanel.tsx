import { useMemo, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { Controller, useWatch, type FieldErrors } from 'react-hook-form';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { withVat } from '@shared/money';
import { bookingTotal, MARKET_MESSAGES as M, periodsBetween, startOfRiyadhDay } from '@shared/marketplace.rules';
import { AVAILABILITY_MESSAGES as AM } from '@shared/availability.rules';
import { dateLocale, RIYADH_GREGORIAN, toInstant } from '@shared/dates';
import type { ResourceCard_ResourceFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { FormField } from '../../components/ui/FormField';
import { formatSAR } from '../../lib/format';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { RangeCalendar, takenDays } from '../../components/ui/range-calendar';
import { currentBase } from '../../lib/backend';
import { paths } from '../../config/paths';
import { CreateBookingMutation, DownloadLinkMutation } from './operations';
import { marketError, translateMarketMessage } from './messages';
import { bookingChoiceSchema, choiceRange, dayFullyTaken, type BookingChoice, type OpeningHours } from './booking-days';
import { OpeningHoursList } from './OpeningHoursList';

/** No opening hours (a stable value, so the taken days are not worked out again on every render). */
const NO_HOURS: OpeningHours[] = [];
/** Today's date in Riyadh as YYYY-MM-DD (date inputs' min). */
const riyadhToday = () => new Date(startOfRiyadhDay().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
const EMPTY: BookingChoice = { dates: { start: null, end: null }, startTime: '', endTime: '' };
const FIELDS = ['dates', 'startTime', 'endTime'] as const;
/** Refusals without a field that are about the slot chosen (taken meanwhile, blocked, closed): shown at it. */
const ABOUT_THE_SLOT: readonly string[] = [M.alreadyBooked, M.selectDates, AM.datesBlocked, AM.outsideOpeningHours];

/**
 * Booking form of the detail page (spec section 5 rules), or Download for digital resources. Dates are chosen in the
 * month calendar (issue #23): a range of whole days, or for an hourly listing a day (a range when it is open around
 * the clock) and the start and end times. Taken days cannot be picked; the choice is repeated as text with a clear
 * button. Each field's problem shows at it as it is left and on submit, and a refusal by the server lands at the
 * field it is about (issue #26).
 */
export function BookingPanel({
  resource,
  busy,
  openingHours = NO_HOURS,
}: {
  resource: ResourceCard_ResourceFragment;
  busy: Array<{ startDate: string; endDate: string }>;
  openingHours?: OpeningHours[];
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { isAuthenticated, user } = useAuth();
  const [createBooking, creating] = useMutation(CreateBookingMutation);
  const [downloadLink, linking] = useMutation(DownloadLinkMutation);
  const hourly = resource.period === 'hour';
  const digital = resource.resourceType === 'digital';
  const today = riyadhToday();
  const isOwner = user?.id === resource.ownerId;
  const schema = useMemo(() => bookingChoiceSchema({ hourly, today, busy, openingHours }), [hourly, today, busy, openingHours]);
  // The first bad field gets the focus in the form's order; the calendar is a grid, focused through its own ref.
  const form = useZodForm(schema, { defaultValues: EMPTY, shouldFocusError: false });
  const calendar = useRef<HTMLDivElement | null>(null);
  const focusField = (name: (typeof FIELDS)[number]) => (name === 'dates' ? calendar.current?.focus() : form.setFocus(name));
  const focusFirst = (errs: FieldErrors<BookingChoice>) => {
    const name = FIELDS.find((f) => errs[f]);
    if (name) focusField(name);
  };
  const { errors, isSubmitting } = form.formState;
  const choice = useWatch({ control: form.control }) as BookingChoice;
  const days = choice.dates;
  // The rules' messages are the server's English ones (translated when shown); a time left empty is the page's own.
  const problem = (name: (typeof FIELDS)[number]) =>
    fieldError(errors, name, (m) => (m.startsWith('availability.') ? t(m) : translateMarketMessage(m)));
  // Booked and blocked days (the server sends both as busy ranges) cannot be picked; an hourly listing's day only
  // when no open hour of it is left.
  const taken = useMemo(() => {
    if (!hourly) return takenDays(busy);
    const cache = new Map<string, boolean>();
    return {
      has: (d: string) => {
        if (!cache.has(d)) cache.set(d, dayFullyTaken(d, busy, openingHours));
        return cache.get(d)!;
      },
    };
  }, [busy, hourly, openingHours]);
  const dayFmt = useMemo(
    () =>
      new Intl.DateTimeFormat(dateLocale(i18n.language), {
        ...RIYADH_GREGORIAN,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    [i18n.language],
  );

  const toLogin = (message: string) => {
    notify.error(message);
    void navigate(paths.login, { state: { from: location.pathname } });
  };

  const r = choiceRange(choice, hourly);
  // The server's own rules (price × periods in halalas, VAT rounded to the halala): the estimate is what checkout will ask.
  const estimate =
    r && Date.parse(r.endDate) > Date.parse(r.startDate)
      ? withVat(bookingTotal(resource.price, periodsBetween(new Date(r.startDate), new Date(r.endDate), resource.period)))
      : null;

  /** Books; the checkout page receives the booking through navigation state (spec section 2). */
  async function create(input: { resourceId: string; startDate?: string; endDate?: string }) {
    try {
      const { data } = await createBooking({ variables: { input } });
      if (!data) return;
      const b = data.createBooking;
      notify.success(t('market.detail.bookingCreated'));
      // The checkout's PaymentBooking (features/payments), which this feature does not import.
      const booking = {
        id: b.id,
        resourceTitle: b.resourceTitle,
        startDate: b.startDate,
        endDate: b.endDate,
        totalAmount: b.totalWithVat,
      };
      void navigate(paths.checkout, { state: { booking } });
    } catch (err) {
      if (!digital && placeBookingError(err)) return;
      notify.error(marketError(err, t('market.detail.bookingFailed')));
    }
  }

  /**
   * A refusal about the choice lands at its field: the server names the input (`startDate`, `endDate`: the times of
   * an hourly listing, else the calendar); a taken, blocked or closed slot is about the start (or the calendar).
   */
  function placeBookingError(err: unknown): boolean {
    const at = hourly ? 'startTime' : 'dates';
    const aliases: Record<string, (typeof FIELDS)[number]> = { startDate: at, endDate: hourly ? 'endTime' : 'dates' };
    const first = CombinedGraphQLErrors.is(err) ? err.errors[0] : undefined;
    if (placeServerError(err, form.setError, FIELDS, aliases)) {
      const named = String(first?.extensions?.field);
      focusField(aliases[named] ?? (named as (typeof FIELDS)[number]));
      return true;
    }
    if (!first || !(ABOUT_THE_SLOT.includes(first.message) || first.message.startsWith('These dates have a booking'))) return false;
    form.setError(at, { type: 'server', message: first.message });
    focusField(at);
    return true;
  }

  const book = (c: BookingChoice) => create({ resourceId: resource.id, ...choiceRange(c, hourly)! });
  const buy = () => (isAuthenticated ? create({ resourceId: resource.id }) : toLogin(t('market.detail.loginToBook')));

  async function download() {
    if (!isAuthenticated) return toLogin(t('market.detail.loginToDownload'));
    try {
      const { data } = await downloadLink({ variables: { id: resource.id } });
      if (!data) return;
      notify.success(t('market.detail.downloadStarted'));
      window.location.assign(currentBase() + data.resourceDownloadLink.url);
    } catch (err) {
      notify.error(marketError(err, t('market.detail.downloadFailed')));
    }
  }

  if (resource.status !== 'active') {
    return (
      <Card.Root>
        <Card.Body>
          <Text color="gray.600">{t('market.detail.notBookable')}</Text>
        </Card.Body>
      </Card.Root>
    );
  }

  if (resource.resourceType === 'digital') {
    return (
      <Card.Root>
        <Card.Body gap="3">
          <Card.Title as="h2">{t('market.detail.digitalTitle')}</Card.Title>
          <Text fontSize="sm" color="gray.600">
            {t('market.detail.digitalText', { format: (resource.fileFormat ?? '').toUpperCase() })}
          </Text>
          <Button colorPalette="teal" onClick={download} loading={linking.loading}>
            <Download size={16} /> {t('market.detail.download')}
          </Button>
          {!isOwner && (
            <Button variant="outline" onClick={buy} loading={creating.loading}>
              {/* What checkout charges: one period, VAT included. */}
              {t('market.detail.buy', { price: formatSAR(withVat(bookingTotal(resource.price, 1)).total, i18n.language) })}
            </Button>
          )}
        </Card.Body>
      </Card.Root>
    );
  }

  const chosen =
    days.start && days.end
      ? days.start === days.end
        ? dayFmt.format(toInstant(days.start))
        : t('availability.selection', { from: dayFmt.format(toInstant(days.start)), to: dayFmt.format(toInstant(days.end)) })
      : null;
  const timeField = (name: 'startTime' | 'endTime') => (
    <FormField label={t(`availability.calendar.${name}`)} error={problem(name)} flex="1">
      <Input type="time" {...form.register(name)} dir="ltr" />
    </FormField>
  );
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (isAuthenticated) return void form.handleSubmit(book, focusFirst)(e);
    e.preventDefault();
    toLogin(t('market.detail.loginToBook'));
  };

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Card.Title as="h2">{t('market.detail.bookTitle')}</Card.Title>
        {hourly && <OpeningHoursList hours={openingHours} />}
        {isOwner ? (
          <Text color="gray.600">{t('market.detail.ownListing')}</Text>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={t('market.detail.bookTitle')}>
            <Stack gap="4">
              <Controller
                control={form.control}
                name="dates"
                render={({ field }) => (
                  <RangeCalendar
                    testId="booking-calendar"
                    label={t('availability.calendar.bookingLabel')}
                    min={today}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={(el) => {
                      field.ref(el);
                      calendar.current = el;
                    }}
                    error={problem('dates')}
                    single={hourly && openingHours.length > 0}
                    isUnavailable={(d) => taken.has(d)}
                  />
                )}
              />
              <Text fontSize="xs" color="gray.600">
                {hourly ? t('availability.calendar.hourlyHint') : t('availability.calendar.hint')}
              </Text>
              <HStack justify="space-between" gap="2" minH="8">
                <Text
                  data-testid="booking-selection"
                  data-chosen={days.start && days.end ? `${days.start}/${days.end}` : undefined}
                  aria-live="polite"
                  fontWeight={chosen ? 'semibold' : undefined}
                >
                  {chosen ? t('availability.calendar.chosen', { dates: chosen }) : t('availability.calendar.noneChosen')}
                </Text>
                {chosen && (
                  <Button size="xs" variant="ghost" onClick={() => form.reset(EMPTY)}>
                    {t('availability.calendar.clear')}
                  </Button>
                )}
              </HStack>
              {hourly && (
                <HStack gap="3" align="start">
                  {timeField('startTime')}
                  {timeField('endTime')}
                </HStack>
              )}
              {estimate !== null && (
                <Stack gap="0" data-testid="booking-estimate">
                  <Text fontWeight="semibold">{t('market.detail.estimate', { total: formatSAR(estimate.total, i18n.language) })}</Text>
                  <Text fontSize="sm" color="gray.600">
                    {t('market.detail.estimateSplit', {
                      subtotal: formatSAR(estimate.subtotal, i18n.language),
                      vat: formatSAR(estimate.vat, i18n.language),
                    })}
                  </Text>
                </Stack>
              )}
              <Button type="submit" colorPalette="teal" loading={isSubmitting}>
                {t('market.detail.bookNow')}
              </Button>
              <Text fontSize="xs" color="gray.500">
                {t('market.detail.holdNote')}
              </Text>
            </Stack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
