import { useMemo, useState, type ReactNode } from 'react';
import { Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ActionDialog } from '../../components/ui/ActionDialog';
import { FormField } from '../../components/ui/FormField';
import { fieldError, useZodForm } from '../../lib/forms';

/**
 * A button that asks before acting (spec section 5: confirmations for cancel, reject, delete).
 * With `withReason`, the dialog also takes a reason passed to onConfirm; with `reasonRequiredMessage`, it will not
 * confirm until the reason is filled in, and `reasonRule` (the server's rule of `{ reason }`, e.g. its length) is
 * checked as well: each problem shows at the field as it is left and on confirm (issue #26), in the page's language.
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
  reasonRule,
  reasonMax = 500,
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
  /** The server's rule of the reason (`{ reason }`): its messages are the server's, translated when shown. */
  reasonRule?: z.ZodType;
  /** The rule's longest reason (the field takes no more). */
  reasonMax?: number;
  colorPalette?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const schema = useMemo(
    () =>
      z.object({ reason: z.string() }).superRefine((v, ctx) => {
        if (!withReason) return;
        if (reasonRequiredMessage && !v.reason.trim())
          return ctx.addIssue({ code: 'custom', message: reasonRequiredMessage, path: ['reason'] });
        const checked = reasonRule?.safeParse({ reason: v.reason });
        if (checked && !checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0].message, path: ['reason'] });
      }),
    [withReason, reasonRequiredMessage, reasonRule],
  );
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  const confirm = form.handleSubmit(async (v) => {
    setBusy(true);
    try {
      await onConfirm(v.reason);
      setOpen(false);
      form.reset();
    } finally {
      setBusy(false);
    }
  });
  return (
    <ActionDialog
      open={open}
      setOpen={(next) => {
        setOpen(next);
        // Kept back without confirming: the next opening starts without a problem shown.
        if (!next) form.clearErrors();
      }}
      trigger={trigger}
      title={title}
      confirmLabel={confirmLabel}
      keepLabel={t('market.keep')}
      colorPalette={colorPalette}
      busy={busy}
      onConfirm={() => void confirm()}
    >
      <Text>{message}</Text>
      {withReason && (
        <FormField mt="4" label={reasonLabel} required={!!reasonRequiredMessage} error={fieldError(form.formState.errors, 'reason')}>
          <Textarea {...form.register('reason')} maxLength={reasonMax} />
        </FormField>
      )}
    </ActionDialog>
  );
}
