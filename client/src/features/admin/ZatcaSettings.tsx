import { useState } from 'react';
import { Alert, Badge, Box, Button, Center, Code, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ZATCA_MESSAGES, zatcaOnboardingSchema, zatcaRenewalSchema } from '@shared/zatca.rules';
import type { ZatcaStatusFieldsFragment } from '../../gql/graphql';
import { OnboardZatcaMutation, RenewZatcaCsidMutation, ResubmitZatcaDocumentMutation, ZatcaStatusQuery } from './operations';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { LoadingSpinner } from '../../components/ui/loading-spinner';

/** The statuses an admin follows, in the order ZATCA's answers are read; `failed` only when there are some. */
const DOCUMENT_STATUSES = ['cleared', 'reported', 'reported_with_warnings', 'rejected', 'pending'] as const;
const STATUS_PALETTE: Record<string, string> = { none: 'gray', compliance: 'orange', active: 'green', failed: 'red' };
const SELLER_FIELDS = ['name', 'vat_number', 'crn', 'street', 'building', 'district', 'city', 'postal_code', 'branch', 'industry'] as const;
const FORM_FIELDS = ['otp', ...SELLER_FIELDS.map((f) => `seller.${f}` as const)] as const;
/** Fields written in digits or Latin text whatever the page's direction. */
const LTR_FIELDS = new Set<string>(['vat_number', 'crn', 'building', 'postal_code']);

/** Admin › Settings › ZATCA: phase-2 e-invoicing of the platform — environment, onboarding, documents by status. */
export function ZatcaSettings() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(ZatcaStatusQuery, { fetchPolicy: 'network-only' });
  const s = data?.zatcaStatus;
  if (loading && !s)
    return (
      <Center py="10">
        <LoadingSpinner />
      </Center>
    );
  if (!s)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{error ? errorMessage(error, t('admin.zatca.loadFailed')) : t('admin.zatca.loadFailed')}</Alert.Title>
        <Button size="sm" variant="outline" ms="auto" onClick={() => void refetch()}>
          {t('admin.dashboard.retry')}
        </Button>
      </Alert.Root>
    );
  return <ZatcaCard status={s} onChanged={() => void refetch()} />;
}

function ZatcaCard({ status: s, onChanged }: { status: ZatcaStatusFieldsFragment; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const counts = new Map(s.documents.map((d) => [d.status, d.count]));
  const shown = [
    ...DOCUMENT_STATUSES,
    ...((counts.get('failed') ?? 0) > 0 ? (['failed'] as const) : []),
    ...((counts.get('resubmitted') ?? 0) > 0 ? (['resubmitted'] as const) : []),
  ];
  const [resubmit, { loading: resubmitting }] = useMutation(ResubmitZatcaDocumentMutation);
  const [busy, setBusy] = useState<string | null>(null);
  async function correct(id: string, number: string) {
    setBusy(id);
    try {
      await resubmit({ variables: { id } });
      notify.success(t('admin.zatca.resubmitted', { number }));
      onChanged();
    } catch (err) {
      notify.error(errorMessage(err, t('admin.zatca.resubmitFailed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack as="section" aria-labelledby="zatca-title" gap="6" maxW="3xl" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <div>
        <Heading as="h2" size="lg" id="zatca-title">
          {t('admin.zatca.title')}
        </Heading>
        <Text color="fg.muted">{t('admin.zatca.description')}</Text>
      </div>

      <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="4">
        <Box>
          <Text as="dt" fontWeight="semibold">
            {t('admin.zatca.environment')}
          </Text>
          <Box as="dd" data-testid="zatca-environment">
            <Badge colorPalette={s.environment === 'production' ? 'green' : s.environment ? 'blue' : 'gray'}>
              {t(`admin.zatca.environments.${s.environment ?? 'off'}`)}
            </Badge>
          </Box>
        </Box>
        <Box>
          <Text as="dt" fontWeight="semibold">
            {t('admin.zatca.onboarding')}
          </Text>
          <Box as="dd" data-testid="zatca-onboarding">
            <Badge colorPalette={STATUS_PALETTE[s.status] ?? 'gray'}>{t(`admin.zatca.statuses.${s.status}`)}</Badge>
          </Box>
        </Box>
        {s.activatedAt && (
          <Box>
            <Text as="dt" fontWeight="semibold">
              {t('admin.zatca.activatedAt')}
            </Text>
            <Text as="dd">{formatDateTime(s.activatedAt, lng)}</Text>
          </Box>
        )}
        {s.certificateExpiresAt && (
          <Box>
            <Text as="dt" fontWeight="semibold">
              {t('admin.zatca.certificateExpiresAt')}
            </Text>
            <Text as="dd">{formatDate(s.certificateExpiresAt, lng)}</Text>
          </Box>
        )}
      </SimpleGrid>

      {!s.environment && (
        <Alert.Root status="info" data-testid="zatca-off">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('admin.zatca.offTitle')}</Alert.Title>
            <Alert.Description>
              {t('admin.zatca.offHelp')}{' '}
              <Code dir="ltr" unicodeBidi="isolate">
                {t('admin.zatca.offExample')}
              </Code>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {s.status === 'failed' && s.error && (
        <Alert.Root status="error" data-testid="zatca-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('admin.zatca.failedTitle')}</Alert.Title>
            <Alert.Description>
              <Text as="span" dir="ltr" unicodeBidi="isolate">
                {s.error}
              </Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <Box as="section" aria-labelledby="zatca-documents-title">
        <Heading as="h3" size="md" id="zatca-documents-title" mb="3">
          {t('admin.zatca.documentsTitle')}
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 2, md: shown.length }} gap="3">
          {shown.map((k) => (
            <Box key={k} borderWidth="1px" borderRadius="md" p="3" data-testid={`zatca-count-${k}`}>
              <Text as="dt" fontSize="sm" color="fg.muted">
                {t(`admin.zatca.documentStatuses.${k}`)}
              </Text>
              <Text as="dd" fontSize="2xl" fontWeight="bold">
                {formatNumber(counts.get(k) ?? 0, lng)}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Box>

      {s.rejected.length > 0 && (
        <Box as="section" aria-labelledby="zatca-rejected-title">
          <Heading as="h3" size="md" id="zatca-rejected-title" mb="3">
            {t('admin.zatca.rejectedTitle')}
          </Heading>
          <Stack as="ul" gap="3" listStyleType="none">
            {s.rejected.map((d) => (
              <Box as="li" key={d.id} borderWidth="1px" borderColor="red.200" borderRadius="md" p="3">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="semibold">{t(`admin.zatca.types.${d.type}`, { number: d.number })}</Text>
                  <Badge>{t(`admin.zatca.kinds.${d.kind}`)}</Badge>
                  {d.submittedAt && (
                    <Text fontSize="sm" color="fg.muted">
                      {formatDateTime(d.submittedAt, lng)}
                    </Text>
                  )}
                </HStack>
                <Stack as="ul" mt="2" gap="1" ps="4" listStyleType="disc">
                  {d.messages.map((m, i) => (
                    <Text as="li" key={i} fontSize="sm" dir="ltr" unicodeBidi="isolate" textAlign="start">
                      {m}
                    </Text>
                  ))}
                </Stack>
                <HStack mt="2" gap="3" flexWrap="wrap">
                  <Button
                    size="sm"
                    colorPalette="teal"
                    variant="outline"
                    loading={resubmitting && busy === d.id}
                    disabled={!s.environment || s.status !== 'active'}
                    onClick={() => void correct(d.id, d.number)}
                  >
                    {t('admin.zatca.resubmit')}
                  </Button>
                  <Text fontSize="sm" color="fg.muted">
                    {t('admin.zatca.resubmitHelp')}
                  </Text>
                </HStack>
              </Box>
            ))}
          </Stack>
        </Box>
      )}

      {s.status === 'active' && (
        <RenewalForm due={s.renewalDue} expiresAt={s.certificateExpiresAt} enabled={!!s.environment} onDone={onChanged} />
      )}
      {s.status !== 'active' && <OnboardingForm enabled={!!s.environment} onDone={onChanged} />}
    </Stack>
  );
}

/**
 * Renewal of the production certificate (ZATCA: a new CSR and the portal's new one-time code): always offered once
 * onboarded, and asked for with a warning from 30 days before it expires.
 */
function RenewalForm({ due, expiresAt, enabled, onDone }: { due: boolean; expiresAt: unknown; enabled: boolean; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(zatcaRenewalSchema, { defaultValues: { otp: '' } });
  const { errors, isSubmitting } = form.formState;
  const [renew] = useMutation(RenewZatcaCsidMutation);

  async function onSubmit(v: z.output<typeof zatcaRenewalSchema>) {
    try {
      await renew({ variables: { otp: v.otp } });
      notify.success(t('admin.zatca.renewed'));
      form.reset({ otp: '' });
      onDone();
    } catch (err) {
      if (placeServerError(err, form.setError, ['otp'])) return;
      notify.error(errorMessage(err, t('admin.zatca.renewFailed')));
    }
  }

  return (
    <Box as="section" aria-labelledby="zatca-renewal-title">
      <Heading as="h3" size="md" id="zatca-renewal-title">
        {t('admin.zatca.renewTitle')}
      </Heading>
      {due && (
        <Alert.Root status="warning" my="3" data-testid="zatca-renewal-due">
          <Alert.Indicator />
          <Alert.Title>
            {t('admin.zatca.renewDue', { date: typeof expiresAt === 'string' ? formatDate(expiresAt, i18n.language) : '' })}
          </Alert.Title>
        </Alert.Root>
      )}
      <Text color="fg.muted" fontSize="sm" mb="4">
        {t('admin.zatca.renewHelp')}
      </Text>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={t('admin.zatca.renewTitle')}>
        <HStack gap="4" align="end" flexWrap="wrap">
          <Field.Root invalid={!!fieldError(errors, 'otp')} required maxW="xs">
            <Field.Label>
              {t('admin.zatca.fields.otp')} <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register('otp')} dir="ltr" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            <Field.ErrorText>{fieldError(errors, 'otp')}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette={due ? 'orange' : 'teal'} disabled={!enabled} loading={isSubmitting}>
            {t('admin.zatca.renew')}
          </Button>
        </HStack>
      </form>
    </Box>
  );
}

type Values = z.output<typeof zatcaOnboardingSchema>;

function OnboardingForm({ enabled, onDone }: { enabled: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(zatcaOnboardingSchema, {
    defaultValues: {
      otp: '',
      seller: Object.fromEntries(SELLER_FIELDS.map((f) => [f, ''])) as z.input<typeof zatcaOnboardingSchema>['seller'],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [onboard] = useMutation(OnboardZatcaMutation);
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);

  async function onSubmit(v: Values) {
    setFailure(null);
    const s = v.seller;
    try {
      await onboard({
        variables: {
          input: {
            otp: v.otp,
            seller: {
              name: s.name,
              vatNumber: s.vat_number,
              crn: s.crn,
              street: s.street,
              building: s.building,
              district: s.district,
              city: s.city,
              postalCode: s.postal_code,
              branch: s.branch,
              industry: s.industry,
            },
          },
        },
      });
      notify.success(t('admin.zatca.onboarded'));
      onDone();
    } catch (err) {
      // A failed attempt is kept on the server with ZATCA's words: the status above shows it.
      onDone();
      if (placeServerError(err, form.setError, FORM_FIELDS)) return;
      const message = errorMessage(err, t('admin.zatca.onboardFailed'));
      // ZATCA's own reason follows "ZATCA did not complete onboarding: " in English, as ZATCA wrote it.
      const detail = message.startsWith(`${ZATCA_MESSAGES.failed}: `) ? message.slice(ZATCA_MESSAGES.failed.length + 2) : undefined;
      const title = detail ? translateServerMessage(ZATCA_MESSAGES.failed) : message;
      setFailure({ title, detail });
      notify.error(title);
    }
  }

  const field = (name: (typeof FORM_FIELDS)[number], key: string, props: Record<string, unknown> = {}) => (
    <Field.Root invalid={!!fieldError(errors, name)} required>
      <Field.Label>
        {t(`admin.zatca.fields.${key}`)} <Field.RequiredIndicator />
      </Field.Label>
      <Input {...form.register(name)} {...(LTR_FIELDS.has(key) ? { dir: 'ltr', inputMode: 'numeric' } : {})} {...props} />
      {t(`admin.zatca.hints.${key}`, { defaultValue: '' }) && <Field.HelperText>{t(`admin.zatca.hints.${key}`)}</Field.HelperText>}
      <Field.ErrorText>{fieldError(errors, name)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Box as="section" aria-labelledby="zatca-onboarding-title">
      <Heading as="h3" size="md" id="zatca-onboarding-title">
        {t('admin.zatca.formTitle')}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {t('admin.zatca.formHelp')}
      </Text>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={t('admin.zatca.formTitle')}>
        <Stack gap="4">
          {field('otp', 'otp', { dir: 'ltr', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 })}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {SELLER_FIELDS.map((f) => (
              <Box key={f}>{field(`seller.${f}`, f)}</Box>
            ))}
          </SimpleGrid>
          {failure && (
            <Alert.Root status="error" role="alert" data-testid="zatca-onboarding-failed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{failure.title}</Alert.Title>
                {failure.detail && (
                  <Alert.Description dir="ltr" unicodeBidi="isolate">
                    {failure.detail}
                  </Alert.Description>
                )}
              </Alert.Content>
            </Alert.Root>
          )}
          {!enabled && (
            <Text fontSize="sm" color="fg.muted">
              {t('admin.zatca.formDisabled')}
            </Text>
          )}
          <Button
            type="submit"
            colorPalette="teal"
            alignSelf="start"
            disabled={!enabled}
            loading={isSubmitting}
            loadingText={t('admin.zatca.submitting')}
          >
            {t('admin.zatca.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
