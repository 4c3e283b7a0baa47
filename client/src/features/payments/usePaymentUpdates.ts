import { useEffect, useRef } from 'react';
import { useSubscription } from '@apollo/client/react';
import { PaymentUpdatedSubscription } from './operations';

export interface PaymentUpdate {
  id: string;
  status: string;
  transactionId?: string | null;
  error?: string | null;
}

/**
 * Live payment attempts on one booking, or one service booking with `service` (paymentUpdated): the gateway's answer or its webhook, the moment it lands.
 * Each pushed Payment is written into the Apollo cache (normalised by id, so lists of attempts update in place)
 * and handed to `onUpdate`, which moves the screen on (success, error).
 */
export function usePaymentUpdates(bookingId: string | null | undefined, onUpdate: (p: PaymentUpdate) => void, service = false) {
  const handler = useRef(onUpdate);
  useEffect(() => {
    handler.current = onUpdate;
  });
  useSubscription(PaymentUpdatedSubscription, {
    variables: service ? { serviceBookingId: bookingId ?? '' } : { bookingId: bookingId ?? '' },
    skip: !bookingId,
    onData: ({ data }) => {
      const p = data.data?.paymentUpdated;
      if (p) handler.current(p);
    },
  });
}

/** The attempt statuses that mean the money was taken. */
export const isPaid = (status: string) => status === 'paid';
/** The attempt failed: nothing was taken, the booking stays payable. */
export const isFailed = (status: string) => status === 'failed';
/** Still waiting for the bank or the customer. */
export const isInFlight = (status: string) => status === 'initiated' || status === 'processing';
