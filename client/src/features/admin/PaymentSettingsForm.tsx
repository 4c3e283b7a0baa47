import { Checkbox, Code, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { myFatoorahSchema } from '@shared/admin.rules';
import type { AdminSettingsQuery, MyFatoorahSettingsInput } from '../../gql/graphql';
import { FormField } from '../../components/ui/FormField';
import { fieldError, useZodForm } from '../../lib/forms';
import { UpdateMyFatoorahSettingsMutation } from './operations';
import { ApiKeyField } from './ApiKeyField';
import { SettingsForm, useSaveSettings, useSavedKey } from './SettingsForm';

type Saved = AdminSettingsQuery['adminSettings']['myfatoorah'];
const FIELDS = ['api_key', 'webhook_url', 'success_url', 'error_url'] as const;
type Url = 'webhook_url' | 'success_url' | 'error_url';
const URL_LABELS: Record<Url, string> = { webhook_url: 'webhookUrl', success_url: 'successUrl', error_url: 'errorUrl' };

export function PaymentSettingsForm({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const form = useZodForm(myFatoorahSchema, {
    defaultValues: {
      api_key: '',
      test_mode: saved.testMode,
      pci_certified: saved.pciCertified,
      webhook_url: saved.webhookUrl,
      success_url: saved.successUrl,
      error_url: saved.errorUrl,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [mutate] = useMutation(UpdateMyFatoorahSettingsMutation);
  const write = async (input: MyFatoorahSettingsInput) => (await mutate({ variables: { input } })).data?.updateMyFatoorahSettings;
  const key = useSavedKey(saved, write);
  const saveSettings = useSaveSettings(form.setError, FIELDS);

  const onSubmit = (v: z.output<typeof myFatoorahSchema>) =>
    saveSettings(async () => {
      const next = await write({
        apiKey: v.api_key ?? null,
        testMode: v.test_mode,
        pciCertified: v.pci_certified,
        webhookUrl: v.webhook_url,
        successUrl: v.success_url,
        errorUrl: v.error_url,
      });
      if (next) key.setCurrent(next);
      form.setValue('api_key', '');
    });

  const url = (name: Url) => (
    <FormField label={t(`admin.settings.myfatoorah.${URL_LABELS[name]}`)} error={fieldError(errors, name)}>
      <Input {...form.register(name)} type="url" dir="ltr" placeholder="https://" />
    </FormField>
  );
  const check = (name: 'test_mode' | 'pci_certified', label: string) => (
    <Checkbox.Root
      checked={form.watch(name)}
      onCheckedChange={(d) => form.setValue(name, d.checked === true, { shouldDirty: true })}
      colorPalette="teal"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );

  return (
    <SettingsForm
      title={t('admin.settings.myfatoorah.title')}
      description={t('admin.settings.myfatoorah.description')}
      onSubmit={form.handleSubmit(onSubmit)}
      saving={isSubmitting}
      maxW="2xl"
    >
      <ApiKeyField
        id="myfatoorah-api-key"
        registration={form.register('api_key')}
        error={fieldError(errors, 'api_key')}
        saved={key.current}
        onRemove={() => void key.remove()}
        removing={key.removing}
      />
      {check('test_mode', t('admin.settings.myfatoorah.testMode'))}
      <Stack gap="1">
        {check('pci_certified', t('admin.settings.myfatoorah.pciCertified'))}
        <Text fontSize="sm" color="gray.600">
          {t('admin.settings.myfatoorah.pciCertifiedHint')}
        </Text>
      </Stack>
      {url('webhook_url')}
      <Stack gap="1" data-testid="webhook-endpoint">
        <Text fontSize="sm" color="gray.600">
          {t('admin.settings.myfatoorah.webhookRegister')}
        </Text>
        <Code dir="ltr" alignSelf="start" wordBreak="break-all">
          {key.current.webhookEndpoint}
        </Code>
      </Stack>
      {url('success_url')}
      {url('error_url')}
      <Text fontSize="sm" color="gray.600">
        {t('admin.settings.myfatoorah.returnUrlsHint')}
      </Text>
    </SettingsForm>
  );
}
