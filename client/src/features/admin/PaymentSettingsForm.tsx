import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Code, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { AdminSettingsQuery } from '../../gql/graphql';
import { UpdateMyFatoorahSettingsMutation } from './operations';
import { ApiKeyField } from './ApiKeyField';
import { adminErrorMessage } from './messages';
import { notify } from '../../components/ui/toaster';

type Saved = AdminSettingsQuery['adminSettings']['myfatoorah'];

export function PaymentSettingsForm({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    apiKey: '',
    testMode: saved.testMode,
    pciCertified: saved.pciCertified,
    webhookUrl: saved.webhookUrl,
    successUrl: saved.successUrl,
    errorUrl: saved.errorUrl,
  });
  const [current, setCurrent] = useState(saved);
  const [save, { loading }] = useMutation(UpdateMyFatoorahSettingsMutation);
  const [remove, removing] = useMutation(UpdateMyFatoorahSettingsMutation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      const { data } = await save({ variables: { input: { ...form, apiKey: form.apiKey.trim() || null } } });
      if (data) setCurrent(data.updateMyFatoorahSettings);
      setForm((f) => ({ ...f, apiKey: '' }));
      notify.success(t('admin.settings.saved'));
    } catch (err) {
      notify.error(t('admin.settings.saveFailed'), { description: adminErrorMessage(err, t('admin.settings.saveFailed')) });
    }
  }

  async function removeKey() {
    try {
      const { data } = await remove({ variables: { input: { clearApiKey: true } } });
      if (data) setCurrent(data.updateMyFatoorahSettings);
      notify.success(t('admin.settings.keyRemoved'));
    } catch (err) {
      notify.error(t('admin.settings.saveFailed'), { description: adminErrorMessage(err, t('admin.settings.saveFailed')) });
    }
  }

  const url = (k: 'webhookUrl' | 'successUrl' | 'errorUrl') => (
    <Field.Root key={k}>
      <Field.Label>{t(`admin.settings.myfatoorah.${k}`)}</Field.Label>
      <Input type="url" dir="ltr" value={form[k]} placeholder="https://" onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
    </Field.Root>
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5" maxW="2xl">
        <div>
          <Heading as="h2" size="lg">
            {t('admin.settings.myfatoorah.title')}
          </Heading>
          <Text color="gray.600">{t('admin.settings.myfatoorah.description')}</Text>
        </div>
        <ApiKeyField
          id="myfatoorah-api-key"
          value={form.apiKey}
          onChange={(apiKey) => setForm({ ...form, apiKey })}
          isSet={current.apiKeySet}
          last4={current.apiKeyLast4}
          onRemove={removeKey}
          removing={removing.loading}
        />
        <Checkbox.Root
          checked={form.testMode}
          onCheckedChange={(d) => setForm({ ...form, testMode: d.checked === true })}
          colorPalette="teal"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('admin.settings.myfatoorah.testMode')}</Checkbox.Label>
        </Checkbox.Root>
        <Stack gap="1">
          <Checkbox.Root
            checked={form.pciCertified}
            onCheckedChange={(d) => setForm({ ...form, pciCertified: d.checked === true })}
            colorPalette="teal"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('admin.settings.myfatoorah.pciCertified')}</Checkbox.Label>
          </Checkbox.Root>
          <Text fontSize="sm" color="gray.600">
            {t('admin.settings.myfatoorah.pciCertifiedHint')}
          </Text>
        </Stack>
        {url('webhookUrl')}
        <Stack gap="1" data-testid="webhook-endpoint">
          <Text fontSize="sm" color="gray.600">
            {t('admin.settings.myfatoorah.webhookRegister')}
          </Text>
          <Code dir="ltr" alignSelf="start" wordBreak="break-all">
            {current.webhookEndpoint}
          </Code>
        </Stack>
        {url('successUrl')}
        {url('errorUrl')}
        <Text fontSize="sm" color="gray.600">
          {t('admin.settings.myfatoorah.returnUrlsHint')}
        </Text>
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={loading} loadingText={t('admin.settings.saving')}>
          {t('admin.settings.save')}
        </Button>
      </Stack>
    </form>
  );
}
