import { useState, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A button that asks before acting (spec section 5: confirmations for cancel, reject, delete).
 * With `withReason`, the dialog also takes an optional reason passed to onConfirm.
 */
export function ConfirmButton({
  trigger,
  title,
  message,
  confirmLabel,
  onConfirm,
  withReason,
  reasonLabel,
  colorPalette = 'red',
}: {
  trigger: ReactNode;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown> | unknown;
  withReason?: boolean;
  reasonLabel?: string;
  colorPalette?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
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
                <Field.Root mt="4">
                  <Field.Label>{reasonLabel}</Field.Label>
                  <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
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
