import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Field, Input, List, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { withVat } from '@shared/money';
import {
  bookingTotal,
  MARKET_MESSAGES as M,
  periodsBetween,
  riyadhInstant,
  startOfRiyadhDay,
  type Period,
} from '@shared/marketplace.rules';
import type { ResourceCard_ResourceFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { formatBookingRange, formatSAR } from '../../lib/format';
import { currentBase } from '../../lib/backend';
import { paths } from '../../config/paths';
import { CreateBookingMutation, DownloadLinkMutation } from './operations';
import { marketError, translateMarketMessage } from './messages';

const DAY = 86_400_000;
/** Today's date in Riyadh as YYYY-MM-DD (date inputs' min). */
const riyadhToday = () => new Date(startOfRiyadhDay().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/** Booking form of the detail page (spec section 5 rules), or Download for digital resources. */
export function BookingPanel({
  resource,
  busy,
}: {
  resource: ResourceCard_ResourceFragment;
  busy: Array<{ startDate: string; endDate: string }>;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { isAuthenticated, user } = useAuth();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createBooking, creating] = useMutation(CreateBookingMutation);
  const [downloadLink, linking] = useMutation(DownloadLinkMutation);
  const hourly = resource.period === 'hour';
  const today = riyadhToday();
  const isOwner = user?.id === resource.ownerId;

  const toLogin = (message: string) => {
    notify.error(message);
    navigate(paths.login, { state: { from: location.pathname } });
  };

  /** Day-based ranges are whole days: the end is midnight after the last chosen day. */
  const range = (): { startDate: string; endDate: string } | null => {
    if (!start || !end) return null;
    const s = riyadhInstant(start);
    const e = hourly ? riyadhInstant(end) : new Date(Date.parse(riyadhInstant(end)) + DAY).toISOString();
    return { startDate: new Date(s).toISOString(), endDate: new Date(e).toISOString() };
  };
  const r = range();
  // The server's own rules (price × periods in halalas, VAT rounded to the halala): the estimate is what checkout will ask.
  const estimate =
    r && Date.parse(r.endDate) > Date.parse(r.startDate)
      ? withVat(bookingTotal(resource.price, periodsBetween(new Date(r.startDate), new Date(r.endDate), resource.period as Period)))
      : null;

  async function book() {
    setError(null);
    if (!isAuthenticated) return toLogin(t('market.detail.loginToBook'));
    const digital = resource.resourceType === 'digital';
    let input: { resourceId: string; startDate?: string; endDate?: string } = { resourceId: resource.id };
    if (!digital) {
      if (!start || !end) return setError(translateMarketMessage(M.selectDates));
      if (start.slice(0, 10) < today) return setError(translateMarketMessage(M.startInPast));
      if (hourly ? end <= start : end < start) return setError(translateMarketMessage(M.endBeforeStart));
      // The server decides (409), but a range the page already shows as booked need not be sent.
      if (busy.some((b) => Date.parse(b.startDate) < Date.parse(r!.endDate) && Date.parse(r!.startDate) < Date.parse(b.endDate)))
        return setError(translateMarketMessage(M.alreadyBooked));
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
      setError(msg);
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
              {t('market.detail.buy', { price: formatSAR(resource.price, i18n.language) })}
            </Button>
          )}
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Card.Title as="h2">{t('market.detail.bookTitle')}</Card.Title>
        {isOwner ? (
          <Text color="gray.600">{t('market.detail.ownListing')}</Text>
        ) : (
          <>
            <Field.Root>
              <Field.Label>{t('market.detail.startDate')}</Field.Label>
              <Input
                type={hourly ? 'datetime-local' : 'date'}
                min={hourly ? `${today}T00:00` : today}
                value={start}
                onChange={(e) => setStart(e.target.value)}
                dir="ltr"
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('market.detail.endDate')}</Field.Label>
              <Input
                type={hourly ? 'datetime-local' : 'date'}
                min={start || (hourly ? `${today}T00:00` : today)}
                value={end}
                onChange={(e) => setEnd(e.target.value)}
                dir="ltr"
              />
            </Field.Root>
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
            {error && (
              <Text color="red.600" role="alert">
                {error}
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
        <Stack gap="1">
          <Text fontWeight="semibold" fontSize="sm">
            {t('market.detail.bookedDates')}
          </Text>
          {busy.length === 0 ? (
            <Text fontSize="sm" color="gray.600">
              {t('market.detail.noBookedDates')}
            </Text>
          ) : (
            <List.Root fontSize="sm" ps="4" data-testid="booked-ranges">
              {busy.map((b) => (
                <List.Item key={b.startDate}>{formatBookingRange(b.startDate, b.endDate, i18n.language)}</List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
