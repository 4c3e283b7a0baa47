import { useSubscription } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth';
import { notify } from '../components/ui/toaster';
import { BookingFieldsFragment, ResourceCardFragment, ResourceChangesFragment } from '../features/marketplace/operations';
import { InquiryFieldsFragment } from '../features/inquiries/operations';
import {
  ServiceBookingCreatedSubscription,
  ServiceBookingFieldsFragment,
  ServiceBookingUpdatedSubscription,
} from '../features/service-bookings/operations';
import { serviceName } from '../features/service-bookings/labels';
import { AdminStatsQuery, ZatcaStatusQuery } from '../features/admin/operations';
import { correctCounts, placeInquiry, placeResource } from '../features/live/cache';
import { MessageEvents } from '../features/messages/MessageEvents';
import { NotificationEvents } from '../features/notifications/NotificationEvents';
import {
  BookingUpdatedSubscription,
  InquiryCreatedSubscription,
  InquiryUpdatedSubscription,
  ResourceReviewedSubscription,
  ResourceSubmittedSubscription,
  StatsUpdatedSubscription,
  ZatcaStatusUpdatedSubscription,
} from '../features/live/operations';

/** Refetches those of the named queries that a mounted page is watching right now (never the others). */
function refetchIfActive(client: ApolloClient, names: string[]) {
  const active = new Set<string>();
  for (const q of client.getObservableQueries('active').values()) if (q.queryName) active.add(q.queryName);
  const include = names.filter((n) => active.has(n));
  if (include.length) void client.refetchQueries({ include });
}

/**
 * Writes an entity pushed by the server into the cache. Returns what the cache held before (null when
 * this browser had not seen it), so callers can tell what changed.
 */
function upsert<T extends { id: string }>(
  client: ApolloClient,
  typename: string,
  fragment: Parameters<ApolloClient['readFragment']>[0]['fragment'],
  fragmentName: string | undefined,
  data: T,
): T | null {
  const id = client.cache.identify({ __typename: typename, id: data.id });
  const before = client.cache.readFragment<T>({ id, fragment, fragmentName });
  client.cache.writeFragment({ id, fragment, fragmentName, data: { __typename: typename, ...data } });
  return before;
}

const NO_CACHE = { fetchPolicy: 'no-cache' as const };

/** Bookings: every signed-in user (their own; hosts also their listings'; admins all). */
function BookingEvents({ toast }: { toast: boolean }) {
  const { t } = useTranslation();
  useSubscription(BookingUpdatedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const b = data.data?.bookingUpdated;
      if (!b) return;
      const before = upsert(client, 'Booking', BookingFieldsFragment, 'BookingRow_booking', b);
      // A booking this browser has not seen yet: the lists that could hold it are refetched.
      if (!before) refetchIfActive(client, ['MyBookings', 'HostBookings']);
      // The admin dashboard's figures come with statsUpdated, not from a refetch.
      if (!toast || !before) return;
      if (before.paymentStatus !== 'paid' && b.paymentStatus === 'paid') notify.success(t('live.booking.paid', { title: b.resourceTitle }));
      else if (
        before.status !== b.status &&
        (b.status === 'confirmed' || b.status === 'cancelled' || b.status === 'active' || b.status === 'completed')
      )
        (b.status === 'cancelled' ? notify.warning : notify.info)(t(`live.booking.${b.status}`, { title: b.resourceTitle }));
    },
  });
  return null;
}

/**
 * Service bookings: the customer's own (confirmed with a quote, paid, completed, cancelled) and, for admins, any. The
 * row is written into the cache, so the dashboard and the admin list update in place; admins' filtered lists refetch.
 */
function ServiceBookingEvents({ admin }: { admin: boolean }) {
  const { t, i18n } = useTranslation();
  useSubscription(ServiceBookingUpdatedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const b = data.data?.serviceBookingUpdated;
      if (!b) return;
      const before = upsert(client, 'ServiceBooking', ServiceBookingFieldsFragment, 'ServiceBookingFields', b);
      if (admin) {
        refetchIfActive(client, ['AdminServiceBookings']);
        return;
      }
      if (!before) refetchIfActive(client, ['MyServiceBookings']);
      const name = serviceName(b, i18n.language);
      if (before?.paymentStatus !== 'paid' && b.paymentStatus === 'paid') notify.success(t('live.serviceBooking.paid', { name }));
      else if (before?.status !== b.status && b.status !== 'pending')
        (b.status === 'cancelled' ? notify.warning : notify.info)(t(`live.serviceBooking.${b.status}`, { name }), {
          description: b.cancelReason ?? undefined,
        });
    },
  });
  useSubscription(ServiceBookingCreatedSubscription, {
    ...NO_CACHE,
    skip: !admin,
    onData: ({ client, data }) => {
      const b = data.data?.serviceBookingCreated;
      if (!b) return;
      upsert(client, 'ServiceBooking', ServiceBookingFieldsFragment, 'ServiceBookingFields', b);
      refetchIfActive(client, ['AdminServiceBookings']);
      notify.info(t('live.admin.serviceBooking', { name: b.userName, service: serviceName(b, i18n.language) }));
    },
  });
  return null;
}

/** Hosts: their listing was approved or rejected. Admins get it too (their own moderation), without a toast. */
function ReviewEvents({ toast, admin }: { toast: boolean; admin: boolean }) {
  const { t } = useTranslation();
  useSubscription(ResourceReviewedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const r = data.data?.resourceReviewed;
      if (!r) return;
      const before = upsert(client, 'Resource', ResourceCardFragment, 'ResourceCard_resource', r);
      upsert(client, 'Resource', ResourceChangesFragment, 'ResourceChanges_resource', r);
      // A host's edit was reviewed: the listing stays active and the queue loses it. (A first approval comes from
      // pending, and a listing that was never active has no refused edit.)
      const editReviewed =
        r.status === 'active' &&
        !r.pendingChanges &&
        (before?.status === 'active' || (r.changesRejectionReason !== null && r.changesRejectionReason !== undefined));
      if (editReviewed) {
        if (admin) refetchIfActive(client, ['AdminResourceChanges', 'AdminBadgeCounts']);
        if (!toast) return;
        if (r.changesRejectionReason !== null && r.changesRejectionReason !== undefined)
          notify.warning(t('live.resource.changesRejected', { title: r.title }), {
            description: r.changesRejectionReason || undefined,
            duration: 8000,
          });
        else notify.success(t('live.resource.changesApproved', { title: r.title }));
        return;
      }
      // One this browser had not seen is taken for a pending listing's first review (statsUpdated corrects the pending
      // and active counts otherwise). It may as well have been a host's edit reviewed elsewhere (another admin, tab or
      // REST), which the event alone cannot tell: the edits queue and the badge counts are asked for again.
      if (admin) {
        placeResource(client, r, before?.status ?? 'pending');
        if (!before && r.status === 'active') refetchIfActive(client, ['AdminResourceChanges', 'AdminBadgeCounts']);
      }
      if (!toast) return;
      if (r.status === 'active') notify.success(t('live.resource.approved', { title: r.title }));
      else if (r.status === 'rejected')
        notify.warning(t('live.resource.rejected', { title: r.title }), { description: r.rejectionReason ?? undefined, duration: 8000 });
    },
  });
  return null;
}

/** Admins: new pending listings, inquiries and the dashboard figures. */
function AdminEvents() {
  const { t } = useTranslation();
  useSubscription(ResourceSubmittedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const r = data.data?.resourceSubmitted;
      if (!r) return;
      if (r.pendingChanges) {
        // A host's edit of an active listing: it joins the edits queue, the listing itself is unchanged.
        upsert(client, 'Resource', ResourceChangesFragment, 'ResourceChanges_resource', r);
        refetchIfActive(client, ['AdminResourceChanges', 'AdminBadgeCounts']);
        notify.info(t('live.admin.changesSubmitted', { title: r.title }));
        return;
      }
      const before = upsert(client, 'Resource', ResourceCardFragment, 'ResourceCard_resource', r);
      // One this browser had not seen is taken for a new listing (the usual case; statsUpdated corrects the pending count otherwise).
      placeResource(client, r, before ? before.status : null);
      notify.info(t('live.admin.submitted', { title: r.title }));
    },
  });
  useSubscription(InquiryCreatedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const i = data.data?.inquiryCreated;
      if (!i) return;
      const before = upsert(client, 'Inquiry', InquiryFieldsFragment, 'InquiryFields', i);
      if (!before) placeInquiry(client, i, null);
      notify.info(t('live.admin.inquiry', { name: i.fullName }));
    },
  });
  useSubscription(InquiryUpdatedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const i = data.data?.inquiryUpdated;
      if (!i) return;
      const before = upsert(client, 'Inquiry', InquiryFieldsFragment, 'InquiryFields', i);
      // The status-filtered lists and the status counts change with it (counts only when the old status is known).
      placeInquiry(client, i, before ? before.status : undefined);
    },
  });
  useSubscription(StatsUpdatedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const s = data.data?.statsUpdated;
      if (!s) return;
      client.cache.writeQuery({ query: AdminStatsQuery, data: { adminStats: { __typename: 'AdminStats', ...s } as typeof s } });
      correctCounts(client, s);
    },
  });
  // The ZATCA card (Admin › Settings) follows e-invoice statuses live: the whole status replaces the cached one.
  useSubscription(ZatcaStatusUpdatedSubscription, {
    ...NO_CACHE,
    onData: ({ client, data }) => {
      const z = data.data?.zatcaStatusUpdated;
      if (z) client.cache.writeQuery({ query: ZatcaStatusQuery, data: { zatcaStatus: z } });
    },
  });
  return null;
}

/**
 * Live updates for the whole app (mounted once in the layout): pushed entities are written into the Apollo
 * cache, so every page showing them updates in place; the admin lists and counters take new entries and status
 * changes from the events themselves (cache.ts), without a refetch. A user's own lists that gain a booking they
 * had not seen are refetched if on screen. After a reconnect, apollo.ts refetches what is on screen.
 */
export function LiveUpdates() {
  const { isAuthenticated, isAdmin, isHost, user } = useAuth();
  if (!isAuthenticated || !user) return null;
  return (
    <span key={user.id} hidden>
      <BookingEvents toast={!isAdmin} />
      {isHost && <ReviewEvents toast={!isAdmin} admin={isAdmin} />}
      {isAdmin && <AdminEvents />}
      <ServiceBookingEvents admin={isAdmin} />
      <MessageEvents />
      <NotificationEvents />
    </span>
  );
}
