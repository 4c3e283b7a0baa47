import { Toaster as ChakraToaster, LocaleProvider, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { dirOf } from '../../lib/i18n';

/**
 * Toast area: top-right of the screen in both languages, 4 seconds by default, at most 3 visible (spec section 9).
 * The placement is logical (`top-end`), which Chakra mirrors to top-left in right-to-left pages; the spec wants
 * the physical top-right, so the region is laid out left-to-right while each toast keeps the page's direction.
 */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 3 });

type Kind = 'success' | 'error' | 'info' | 'warning';
const show = (type: Kind) => (title: string, opts: { description?: string; duration?: number } = {}) =>
  toaster.create({ title, description: opts.description, type, duration: opts.duration ?? 4000, closable: true });

export const notify = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };

export function Toaster() {
  const { i18n } = useTranslation();
  const dir = dirOf(i18n.language);
  return (
    <Portal>
      <LocaleProvider locale="en-US">
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root width={{ md: 'sm' }} data-testid="toast" dir={dir}>
              {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              {toast.closable && <Toast.CloseTrigger />}
            </Toast.Root>
          )}
        </ChakraToaster>
      </LocaleProvider>
    </Portal>
  );
}
