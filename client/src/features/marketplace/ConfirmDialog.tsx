import { useState, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

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
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog">
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('market.keep')}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={colorPalette}
                loading={busy}
                onClick={async () => {
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
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
