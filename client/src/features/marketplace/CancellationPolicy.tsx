import { useState, type ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/ui/ActionDialog';
import { formatSAR } from '../../lib/format';
import { CancellationQuoteQuery } from './operations';
import type { CancellationPolicy, RefundStatus } from '../../gql/graphql';

const POLICIES: readonly CancellationPolicy[] = ['none', 'flexible', 'moderate', 'strict'];

/** A listing's (or booking's) cancellation policy in words, as the listing page and checkout show it before payment. */
export function CancellationPolicyText({ policy, digital }: { policy: CancellationPolicy | null | undefined; digital?: boolean }) {
  const { t } = useTranslation();
  return (
    <Text fontSize="sm" color="gray.700" fontWeight="medium" data-testid="cancellation-policy">
      {digital ? t('market.policy.digital') : t(`market.policy.text.${policy ?? 'none'}`)}
    </Text>
  );
}

/** The policy names for a select, in order. */
export function usePolicyOptions() {
  const { t } = useTranslation();
  return POLICIES.map((p) => ({ value: p, label: t(`market.policy.name.${p}`) }));
}

/** What the server says cancelling now would refund; asked each time the dialog opens (time moves the amount). */
function CancelQuote({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation();
  const { data, error } = useQuery(CancellationQuoteQuery, { variables: { bookingId }, fetchPolicy: 'network-only' });
  if (error) return <Text color="red.600">{t('market.refund.quoteFailed')}</Text>;
  const q = data?.cancellationQuote;
  if (!q) return <Text color="gray.600">{t('market.refund.quoteLoading')}</Text>;
  if (q.paidAmount <= 0) return null;
  const money = (n: number) => formatSAR(n, i18n.language);
  return (
    <Text mt="3" fontWeight="semibold" data-testid="cancel-quote">
      {q.refundAmount > 0
        ? t('market.refund.quote', { refund: money(q.refundAmount), paid: money(q.paidAmount) })
        : t('market.refund.quoteNone', { paid: money(q.paidAmount) })}
    </Text>
  );
}

/** The cancel button and its dialog, which states exactly what will be refunded before the customer confirms. */
export function CancelBookingButton({
  bookingId,
  trigger,
  title,
  message,
  confirmLabel,
  onConfirm,
}: {
  bookingId: string;
  trigger: ReactNode;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <ActionDialog
      open={open}
      setOpen={setOpen}
      trigger={trigger}
      title={title}
      confirmLabel={confirmLabel}
      keepLabel={t('market.keep')}
      colorPalette="red"
      busy={busy}
      testId="cancel-confirm"
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
          setOpen(false);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Text>{message}</Text>
      {open && <CancelQuote bookingId={bookingId} />}
    </ActionDialog>
  );
}

/** A booking's refund as the customer follows it (updated live by bookingUpdated). */
export function RefundLine({ status, amount }: { status: RefundStatus; amount: number }) {
  const { t, i18n } = useTranslation();
  if (status !== 'requested' && status !== 'refunded' && status !== 'failed') return null;
  return (
    <Text fontSize="sm" color={status === 'failed' ? 'orange.700' : 'teal.700'} data-testid="refund-status" data-status={status}>
      {t(`market.refund.status.${status}`, { amount: formatSAR(amount, i18n.language) })}
    </Text>
  );
}
