import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A dialog that asks before acting on a service booking: its trigger, its body (fields), and the button that acts. */
export function ActionDialog(props: {
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  colorPalette: string;
  busy: boolean;
  onConfirm: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => props.setOpen(e.open)} role="alertdialog">
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('serviceBookings.keep')}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={props.colorPalette} loading={props.busy} onClick={props.onConfirm} data-testid={props.testId}>
                {props.confirmLabel}
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
