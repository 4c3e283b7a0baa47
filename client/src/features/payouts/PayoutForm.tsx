import { useRef, useState } from 'react';
import { Alert, Badge, Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_LIMITS, PAYOUT_MESSAGES, payoutAccountSchema } from '@shared/payouts.rules';
import { PayoutAccountQuery } from './operations';
import type { PayoutAccountQuery as PayoutAccountData } from '../../gql/graphql';
import type { z } from 'zod';
import { PayoutSaveError, savePayoutAccount } from './rest';
import { sendFileBody } from '../../lib/upload';
import { RestError } from '../../lib/rest-error';
import { notify } from '../../components/ui/toaster';
import { UploadProgress } from '../../components/ui/UploadProgress';
import { translateServerMessage } from '../../lib/errors';
import { fieldError, useZodForm } from '../../lib/forms';
import { FilePicker } from '../../components/ui/FilePicker';

const FIELDS = ['legalName', 'commercialRegistration', 'vatNumber', 'mobile', 'bank', 'iban', 'documents'] as const;
type FieldName = (typeof FIELDS)[number];
const STATUS_PALETTE: Record<string, string> = { approved: 'green', pending: 'orange', rejected: 'red', none: 'gray' };

/**
 * The host's payout profile: checked with the server's own rule (a bad IBAN is refused at the field before sending),
 * sent over REST (the shape its documents have there). The document goes up on its own as soon as it is chosen, with
 * a progress bar, and the profile names the upload. The IBAN is never shown
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
      legalName: saved?.legalName ?? '',
      commercialRegistration: saved?.commercialRegistration ?? '',
      vatNumber: saved?.vatNumber ?? '',
      mobile: saved?.mobile ?? '',
      bank: saved?.bank ?? '',
      iban: '',
      documents: [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  // The chosen document: `upload` names it once it is up; `progress` while it goes up.
  const [doc, setDoc] = useState<{ name: string; upload: string | null; progress?: number } | null>(null);
  const sending = useRef<AbortController | null>(null);

  async function chooseDocument(file: File | undefined) {
    sending.current?.abort();
    form.clearErrors('documents');
    if (!file) return setDoc(null);
    if (file.size > PAYOUT_LIMITS.documentMaxBytes) {
      setDoc(null);
      return form.setError('documents', { type: 'validate', message: PAYOUT_MESSAGES.documentTooLarge });
    }
    const abort = (sending.current = new AbortController());
    setDoc({ name: file.name, upload: null, progress: 0 });
    try {
      const path = '/api/uploads/payout-documents';
      const { upload } = await sendFileBody<{ upload: string }>(
        path,
        file,
        (sent) => setDoc({ name: file.name, upload: null, progress: sent }),
        abort.signal,
      );
      setDoc({ name: file.name, upload });
    } catch (err) {
      if (abort.signal.aborted) return;
      setDoc(null);
      form.setError('documents', { type: 'server', message: err instanceof RestError ? err.message : t('payouts.form.uploadFailed') });
    }
  }

  async function onSubmit(v: z.output<typeof payoutAccountSchema>) {
    if (doc?.progress !== undefined) return;
    const documents = doc?.upload ? [{ type: 'commercial_register' as const, name: doc.name, upload: doc.upload }] : [];
    try {
      await savePayoutAccount({ ...v, documents });
      notify.success(t('payouts.form.saved'));
      form.resetField('iban', { defaultValue: '' });
      setDoc(null);
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
    <Field.Root invalid={!!errors[k]} required={k !== 'vatNumber'}>
      <Field.Label>
        {label} {k !== 'vatNumber' && <Field.RequiredIndicator />}
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
        {saved?.supplierStatus === 'rejected' && (
          <Alert.Root status="error" data-testid="supplier-rejected">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('payouts.form.rejectedTitle')}</Alert.Title>
              <Alert.Description>
                {saved.supplierComment
                  ? t('payouts.form.rejectedReason', { reason: saved.supplierComment })
                  : t('payouts.form.rejectedNoReason')}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {field('legalName', t('payouts.form.legalName'), { maxLength: PAYOUT_LIMITS.legalNameMax })}
          {field('commercialRegistration', t('payouts.form.cr'), { inputMode: 'numeric', dir: 'ltr' })}
          {field('vatNumber', t('payouts.form.vat'), { inputMode: 'numeric', dir: 'ltr' })}
          {field('mobile', t('payouts.form.mobile'), {
            type: 'tel',
            inputMode: 'tel',
            dir: 'ltr',
            autoComplete: 'tel',
            placeholder: '05XXXXXXXX',
          })}
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
          <FilePicker
            accept="application/pdf,image/jpeg,image/png"
            fileName={doc?.name}
            onFiles={(files) => void chooseDocument(files?.[0])}
          />
          {doc?.progress !== undefined && <UploadProgress sent={doc.progress} label={t('payouts.form.uploading', { name: doc.name })} />}
          <Field.HelperText>{t('payouts.form.documentHelp', { count: saved?.documents.length ?? 0 })}</Field.HelperText>
          <Field.ErrorText>{fieldError(errors, 'documents')}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="teal" loading={isSubmitting} disabled={doc?.progress !== undefined} alignSelf="flex-start">
          {t('payouts.form.save')}
        </Button>
      </Stack>
    </form>
  );
}
