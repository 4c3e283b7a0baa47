import { useState } from 'react';
import { Button, Code, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { heldResolveSchema } from '@shared/payouts.rules';
import { ResolveHeldPayoutMutation } from './operations';
import { ActionDialog } from '../../components/ui/ActionDialog';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';

const FIELDS = ['reason', 'gatewayReference'] as const;

/** The InternalNotes the server sends with each transfer (payout.service.ts), to find it in the MyFatoorah portal. */
const heldPayoutNote = (id: string) => `Mawarid held-payout:${id}`;

/**
 * Admin › Payments: resolving a held-balance transfer MyFatoorah never answered, once the admin has looked for it in
 * the MyFatoorah portal (by its note). "Not sent" frees the balance for a new transfer, so the dialog says plainly
 * that a transfer that did happen would then be paid twice; "Transferred" asks for the portal's reference.
 */
export function ResolveTransferDialog({
  payoutId,
  hostName,
  amount,
  outcome,
}: {
  payoutId: string;
  hostName: string;
  amount: string;
  outcome: 'not_sent' | 'transferred';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const initial = { outcome, reason: '', gatewayReference: '' };
  const form = useZodForm(heldResolveSchema, { defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [resolve] = useMutation(ResolveHeldPayoutMutation);
  const problem = (name: (typeof FIELDS)[number]) => fieldError(errors, name);
  const k = outcome === 'not_sent' ? 'notSent' : 'transferred';

  async function submit(v: z.output<typeof heldResolveSchema>) {
    try {
      await resolve({
        variables: { id: payoutId, ...v },
        refetchQueries: ['AdminHeldBalances'],
      });
      notify.success(t(`finance.heldBalances.resolve.${k}.done`));
      setOpen(false);
    } catch (err) {
      if (!placeServerError(err, form.setError, FIELDS)) notify.error(errorMessage(err, t('finance.heldBalances.resolve.failed')));
    }
  }

  return (
    <ActionDialog
      open={open}
      setOpen={(o) => {
        if (o) form.reset(initial);
        setOpen(o);
      }}
      trigger={
        <Button size="xs" variant="outline" colorPalette={outcome === 'not_sent' ? 'red' : 'green'} data-testid={`resolve-${outcome}`}>
          {t(`finance.heldBalances.resolve.${k}.button`)}
        </Button>
      }
      title={t(`finance.heldBalances.resolve.${k}.title`, { name: hostName, amount })}
      confirmLabel={t(`finance.heldBalances.resolve.${k}.confirm`)}
      keepLabel={t('finance.heldBalances.cancel')}
      colorPalette={outcome === 'not_sent' ? 'red' : 'green'}
      busy={isSubmitting}
      onConfirm={() => void form.handleSubmit(submit)()}
      testId={`resolve-${outcome}-confirm`}
    >
      <Stack gap="4">
        <Text>
          {t('finance.heldBalances.resolve.check')} <Code dir="ltr">{heldPayoutNote(payoutId)}</Code>
        </Text>
        <Text fontWeight="medium">{t(`finance.heldBalances.resolve.${k}.warning`)}</Text>
        {outcome === 'transferred' && (
          <Field.Root invalid={!!errors.gatewayReference}>
            <Field.Label>{t('finance.heldBalances.resolve.reference')}</Field.Label>
            <Input dir="ltr" maxLength={100} {...form.register('gatewayReference')} />
            <Field.ErrorText>{problem('gatewayReference')}</Field.ErrorText>
          </Field.Root>
        )}
        <Field.Root invalid={!!errors.reason}>
          <Field.Label>{t('finance.heldBalances.resolve.reason')}</Field.Label>
          <Textarea maxLength={500} rows={3} {...form.register('reason')} />
          {errors.reason ? (
            <Field.ErrorText>{problem('reason')}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('finance.heldBalances.resolve.reasonHint')}</Field.HelperText>
          )}
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}
