import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';

/**
 * A dialog that asks before acting (spec section 5: confirmations for cancel, reject, delete): its trigger, its body
 * (a message, fields), a way back (`keepLabel`) and the button that acts.
 */
export function ActionDialog(props: {
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  colorPalette: string;
  busy: boolean;
  onConfirm: () => void;
  testId?: string;
}) {
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
                <Button variant="outline">{props.keepLabel}</Button>
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
