import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/**
 * Toast area: top-right of the screen in both languages, 4 seconds by default, at most 3 visible (spec section 9).
 * `top-end` stays on the right in Arabic too: Zag resolves it to "left" for a right-to-left region but then
 * positions it with inset-inline-start, which in that region is the right edge. tests/e2e/auth.spec.ts checks the
 * corner in both languages, so a library change that moves it fails there.
 *
 * A chunk of its own, loaded with the first toast (toaster.tsx): a page that shows none never downloads it.
 */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 3 });

export default function ToastArea() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
