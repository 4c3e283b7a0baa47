import { useState } from 'react';
import { Alert, Badge, Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_LIMITS, payoutAccountSchema } from '@shared/payouts.rules';
import { PayoutAccountQuery } from './operations';
import type { PayoutAccountQuery as PayoutAccountData } from '../../gql/graphql';
import type { z } from 'zod';
import { PayoutSaveError, readAsDataUrl, savePayoutAccount } from './rest';
import { notify } from '../../components/ui/toaster';
import { translateServerMessage } from '../../lib/errors';
import { fieldError, useZodForm } from '../../lib/forms';

const FIELDS = ['legal_name', 'commercial_registration', 'vat_number', 'bank', 'iban', 'documents'] as const;
type FieldName = (typeof FIELDS)[number];
const STATUS_PALETTE: Record<string, string> = { approved: 'green', pending: 'orange', rejected: 'red', none: 'gray' };

/**
 * The host's payout profile: checked with the server's own rule (a bad IBAN is refused at the field before sending),
 * sent over REST because documents travel as data URLs (more than GraphQL's body limit). The IBAN is never shown
 * back whole: after a save the field is empty and the masked value is shown beside it.
 */
export function PayoutForm({ onSaved }: { onSaved: () => void }) {
  const { data, loading, refetch } = useQuery(PayoutAccountQuery, { fetchPolicy: 'network-only' });
  if (loading && !data) return null;
  const saved = data?.payoutAccount ?? null;
  return (
    <PayoutFields
      key={saved ? `${saved.legalName}|${saved.iban}|${saved.supplierStatus}` : 'new'}
      saved={saved}
      refetch={refetch}
      onSaved={onSaved}
    />
  );
}

type Saved = NonNullable<PayoutAccountData['payoutAccount']>;

function PayoutFields({ saved, refetch, onSaved }: { saved: Saved | null; refetch: () => Promise<unknown>; onSaved: () => void }) {
  const { t } = useTranslation();
  // Each field is checked by the server's own rule as the host leaves it and on submit (issue #26).
  const form = useZodForm(payoutAccountSchema, {
    defaultValues: {
      legal_name: saved?.legalName ?? '',
      commercial_registration: saved?.commercialRegistration ?? '',
      vat_number: saved?.vatNumber ?? '',
      bank: saved?.bank ?? '',
      iban: '',
      documents: [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [file, setFile] = useState<File | null>(null);

  async function onSubmit(v: z.output<typeof payoutAccountSchema>) {
    const documents = file ? [{ type: 'commercial_register', name: file.name, data_url: await readAsDataUrl(file) }] : [];
    // The document is checked by the same rule before it is sent.
    const doc = payoutAccountSchema.shape.documents.safeParse(documents);
    if (!doc.success) return form.setError('documents', { type: 'validate', message: doc.error.issues[0].message });
    try {
      await savePayoutAccount({ ...v, documents });
      notify.success(t('payouts.form.saved'));
      form.resetField('iban', { defaultValue: '' });
      setFile(null);
      await refetch();
      onSaved();
    } catch (err) {
      // A refusal naming a field lands there (documents[0]… at the document); anything else is a toast.
      const field = err instanceof PayoutSaveError ? err.field?.split('.')[0] : undefined;
      if (field && (FIELDS as readonly string[]).includes(field))
        form.setError(field as FieldName, { type: 'server', message: (err as Error).message }, { shouldFocus: true });
      else notify.error(translateServerMessage((err as Error).message));
    }
  }

  const field = (k: Exclude<FieldName, 'documents'>, label: string, props: Record<string, unknown> = {}) => (
    <Field.Root invalid={!!errors[k]} required={k !== 'vat_number'}>
      <Field.Label>
        {label} {k !== 'vat_number' && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...form.register(k)} {...props} />
      <Field.ErrorText>{fieldError(errors, k)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={t('payouts.form.title')}>
      <Stack gap="4">
        <HStack gap="3">
          <Text fontWeight="semibold">{t('payouts.form.status')}</Text>
          <Badge colorPalette={STATUS_PALETTE[saved?.supplierStatus ?? 'none']} data-testid="supplier-status">
            {t(`payouts.status.${saved?.supplierStatus ?? 'none'}`)}
          </Badge>
        </HStack>
        {saved?.supplierStatus === 'rejected' && saved.supplierComment && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{saved.supplierComment}</Alert.Description>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('legal_name', t('payouts.form.legalName'), { maxLength: PAYOUT_LIMITS.legalNameMax })}
          {field('commercial_registration', t('payouts.form.cr'), { inputMode: 'numeric', dir: 'ltr' })}
          {field('vat_number', t('payouts.form.vat'), { inputMode: 'numeric', dir: 'ltr' })}
          {field('bank', t('payouts.form.bank'), { maxLength: PAYOUT_LIMITS.bankMax })}
        </SimpleGrid>
        {field('iban', t('payouts.form.iban'), { dir: 'ltr', placeholder: saved?.iban ?? 'SA…', autoComplete: 'off' })}
        {saved && (
          <Text fontSize="sm" color="fg.muted" data-testid="iban-masked">
            {t('payouts.form.ibanSaved', { iban: saved.iban })}
          </Text>
        )}
        <Field.Root invalid={!!errors.documents}>
          <Field.Label>{t('payouts.form.document')}</Field.Label>
          <Input
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              form.clearErrors('documents');
            }}
          />
          <Field.HelperText>{t('payouts.form.documentHelp', { count: saved?.documents.length ?? 0 })}</Field.HelperText>
          <Field.ErrorText>{fieldError(errors, 'documents')}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={isSubmitting} alignSelf="flex-start">
          {t('payouts.form.save')}
        </Button>
      </Stack>
    </form>
  );
}
