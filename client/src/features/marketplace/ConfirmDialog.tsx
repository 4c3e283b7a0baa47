import { useState, type ReactNode } from 'react';
import { Field, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../components/ui/ActionDialog';

/**
 * A button that asks before acting (spec section 5: confirmations for cancel, reject, delete).
 * With `withReason`, the dialog also takes a reason passed to onConfirm; with `reasonRequired`, it will not
 * confirm until the reason is filled in (`reasonRequiredMessage` says so).
 */
export function ConfirmButton({
  trigger,
  title,
  message,
  confirmLabel,
  onConfirm,
  withReason,
  reasonLabel,
  reasonRequiredMessage,
  colorPalette = 'red',
}: {
  trigger: ReactNode;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown> | unknown;
  withReason?: boolean;
  reasonLabel?: string;
  /** Set: the reason is required, and this is the message shown when it is missing. */
  reasonRequiredMessage?: string;
  colorPalette?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <ActionDialog
      open={open}
      setOpen={setOpen}
      trigger={trigger}
      title={title}
      confirmLabel={confirmLabel}
      keepLabel={t('market.keep')}
      colorPalette={colorPalette}
      busy={busy}
      onConfirm={async () => {
        if (withReason && reasonRequiredMessage && !reason.trim()) return setMissing(true);
        setBusy(true);
        try {
          await onConfirm(reason);
          setOpen(false);
          setReason('');
        } finally {
          setBusy(false);
        }
      }}
    >
      <Text>{message}</Text>
      {withReason && (
        <Field.Root mt="4" required={!!reasonRequiredMessage} invalid={missing}>
          <Field.Label>
            {reasonLabel}
            {reasonRequiredMessage && <Field.RequiredIndicator />}
          </Field.Label>
          <Textarea
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
            maxLength={500}
          />
          {missing && <Field.ErrorText>{reasonRequiredMessage}</Field.ErrorText>}
        </Field.Root>
      )}
    </ActionDialog>
  );
}
