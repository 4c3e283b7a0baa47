import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MARKET_LIMITS, rejectSchema } from '@shared/marketplace.rules';
import { ConfirmButton } from './ConfirmDialog';

interface Side {
  /** The button's and the dialog's confirm label. */
  label: string;
  /** The dialog's title (defaults to the label). */
  title?: string;
  message: string;
}

/**
 * An admin's Approve / Reject pair, each behind a confirmation; rejecting asks for a required reason (trimmed).
 * Used for new listings and for hosts' edits of approved ones.
 */
export function ReviewButtons({
  approve,
  reject,
  onApprove,
  onReject,
}: {
  approve: Side;
  reject: Side;
  onApprove: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmButton
        trigger={
          <Button size="sm" colorPalette="green">
            {approve.label}
          </Button>
        }
        colorPalette="green"
        title={approve.title ?? approve.label}
        message={approve.message}
        confirmLabel={approve.label}
        onConfirm={() => onApprove()}
      />
      <ConfirmButton
        trigger={
          <Button size="sm" variant="outline" colorPalette="red">
            {reject.label}
          </Button>
        }
        title={reject.title ?? reject.label}
        message={reject.message}
        confirmLabel={reject.label}
        withReason
        reasonLabel={t('market.admin.reason')}
        reasonRequiredMessage={t('market.admin.reasonRequired')}
        reasonRule={rejectSchema}
        reasonMax={MARKET_LIMITS.reasonMax}
        onConfirm={(reason) => onReject(reason.trim())}
      />
    </>
  );
}
