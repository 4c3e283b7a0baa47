import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { withVat } from '@shared/money';
import { bookingTotal, MARKET_MESSAGES as M, periodsBetween, startOfRiyadhDay, type Period } from '@shared/marketplace.rules';
import { AVAILABILITY_MESSAGES as AM } from '@shared/availability.rules';
import { dateLocale, RIYADH_GREGORIAN, toInstant } from '@shared/dates';
import type { ResourceCard_ResourceFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { formatSAR } from '../../lib/format';
import { RangeCalendar, takenDays, type DayRange } from '../../components/ui/range-calendar';
import { currentBase } from '../../lib/backend';
import { translateServerMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import { CreateBookingMutation, DownloadLinkMutation } from './operations';
import { marketError, translateMarketMessage } from './messages';
import { dayAfter, dayFullyTaken, startsInPast, withinOpeningHours, type OpeningHours } from './booking-days';
import { OpeningHoursList } from './OpeningHoursList';

/** No opening hours (a stable value, so the taken days are not worked out again on every render). */
const NO_HOURS: OpeningHours[] = [];
/** Today's date in Riyadh as YYYY-MM-DD (date inputs' min). */
const riyadhToday = () => new Date(startOfRiyadhDay().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * Booking form of the detail page (spec section 5 rules), or Download for digital resources. Dates are chosen in the
 * month calendar (issue #23): a range of whole days, or for an hourly listing a day (a range when it is open around
 * the clock) and the start and end times. Taken days cannot be picked; the choice is repeated as text with a clear
 * button.
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
  const [days, setDays] = useState<DayRange>({ start: null, end: null });
  const [startTime, setStartTime] = useState('');
  const [endTime, setEndTime] = useState('');
  // A problem of the whole choice (shown under the calendar) or of one time field (shown at it).
  const [error, setError] = useState<{ at: 'dates' | 'startTime' | 'endTime'; message: string } | null>(null);
  const [createBooking, creating] = useMutation(CreateBookingMutation);
  const [downloadLink, linking] = useMutation(DownloadLinkMutation);
  const hourly = resource.period === 'hour';
  const today = riyadhToday();
  const isOwner = user?.id === resource.ownerId;
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
    navigate(paths.login, { state: { from: location.pathname } });
  };

  /** Day-based ranges are whole days: the end is midnight after the last chosen day. */
  const range = (): { startDate: string; endDate: string } | null => {
    if (!days.start || !days.end) return null;
    if (!hourly) return { startDate: new Date(`${days.start}T00:00:00+03:00`).toISOString(), endDate: dayAfter(days.end) };
    if (!startTime || !endTime) return null;
    return {
      startDate: new Date(`${days.start}T${startTime}:00+03:00`).toISOString(),
      endDate: new Date(`${days.end}T${endTime}:00+03:00`).toISOString(),
    };
  };
  const r = range();
  // The server's own rules (price × periods in halalas, VAT rounded to the halala): the estimate is what checkout will ask.
  const estimate =
    r && Date.parse(r.endDate) > Date.parse(r.startDate)
      ? withVat(bookingTotal(resource.price, periodsBetween(new Date(r.startDate), new Date(r.endDate), resource.period as Period)))
      : null;

  const choose = (v: DayRange) => {
    setDays(v);
    setError(null);
  };
  const clear = () => {
    choose({ start: null, end: null });
    setStartTime('');
    setEndTime('');
  };

  /** The client's check of what the server will refuse; the server decides (409) all the same. */
  function problem(): { at: 'dates' | 'startTime' | 'endTime'; message: string } | null {
    if (!days.start || !days.end) return { at: 'dates', message: M.selectDates };
    if (hourly && !startTime) return { at: 'startTime', message: M.selectDates };
    if (hourly && !endTime) return { at: 'endTime', message: M.selectDates };
    const s = Date.parse(r!.startDate);
    const e = Date.parse(r!.endDate);
    const at = hourly ? 'startTime' : 'dates';
    if (days.start < today || startsInPast(s)) return { at, message: M.startInPast };
    if (e <= s) return { at: hourly ? 'endTime' : 'dates', message: M.endBeforeStart };
    if (busy.some((b) => Date.parse(b.startDate) < e && s < Date.parse(b.endDate))) return { at, message: M.alreadyBooked };
    if (hourly && !withinOpeningHours(s, e, openingHours)) return { at, message: AM.outsideOpeningHours };
    return null;
  }

  async function book() {
    setError(null);
    if (!isAuthenticated) return toLogin(t('market.detail.loginToBook'));
    const digital = resource.resourceType === 'digital';
    let input: { resourceId: string; startDate?: string; endDate?: string } = { resourceId: resource.id };
    if (!digital) {
      const p = problem();
      if (p) return setError({ at: p.at, message: translateServerMessage(translateMarketMessage(p.message)) });
      input = { ...input, ...r! };
    }
    try {
      const { data } = await createBooking({ variables: { input } });
      if (!data) return;
      const b = data.createBooking;
      notify.success(t('market.detail.bookingCreated'));
      // The checkout page receives the booking through navigation state (spec section 2).
      const booking = {
        id: b.id,
        resource_id: b.resourceId,
        resource_title: b.resourceTitle,
        start_date: b.startDate,
        end_date: b.endDate,
        total_amount: b.totalWithVat,
        currency: b.currency,
        status: b.status,
        payment_status: b.paymentStatus,
      };
      navigate(paths.checkout, { state: { booking } });
    } catch (err) {
      const msg = marketError(err, t('market.detail.bookingFailed'));
      // An hourly refusal (taken, blocked, outside the hours) is about the times chosen: it lands at the start time.
      setError({ at: hourly && !digital ? 'startTime' : 'dates', message: msg });
      notify.error(msg);
    }
  }

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
            <Button variant="outline" onClick={book} loading={creating.loading}>
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
  const timeField = (at: 'startTime' | 'endTime', value: string, set: (v: string) => void) => (
    <Field.Root invalid={error?.at === at} flex="1">
      <Field.Label>{t(`availability.calendar.${at}`)}</Field.Label>
      <Input
        type="time"
        value={value}
        onChange={(e) => {
          set(e.target.value);
          setError(null);
        }}
        dir="ltr"
      />
      {error?.at === at && <Field.ErrorText>{error.message}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Card.Title as="h2">{t('market.detail.bookTitle')}</Card.Title>
        {hourly && <OpeningHoursList hours={openingHours} />}
        {isOwner ? (
          <Text color="gray.600">{t('market.detail.ownListing')}</Text>
        ) : (
          <>
            <RangeCalendar
              testId="booking-calendar"
              label={t('availability.calendar.bookingLabel')}
              min={today}
              value={days}
              onChange={choose}
              single={hourly && openingHours.length > 0}
              isUnavailable={(d) => taken.has(d)}
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
                <Button size="xs" variant="ghost" onClick={clear}>
                  {t('availability.calendar.clear')}
                </Button>
              )}
            </HStack>
            {hourly && (
              <HStack gap="3" align="start">
                {timeField('startTime', startTime, setStartTime)}
                {timeField('endTime', endTime, setEndTime)}
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
            {error?.at === 'dates' && (
              <Text color="red.600" role="alert">
                {error.message}
              </Text>
            )}
            <Button colorPalette="teal" onClick={book} loading={creating.loading}>
              {t('market.detail.bookNow')}
            </Button>
            <Text fontSize="xs" color="gray.500">
              {t('market.detail.holdNote')}
            </Text>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
