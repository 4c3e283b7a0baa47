import { useState, type FormEvent } from 'react';
import { Button, Field, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { GENERAL_LIMITS } from '@shared/admin.rules';
import type { AdminSettingsQuery } from '../../gql/graphql';
import { UpdateGeneralSettingsMutation } from './operations';
import { adminErrorMessage } from './messages';
import { notify } from '../../components/ui/toaster';

type Saved = AdminSettingsQuery['adminSettings']['general'];

export function GeneralSettingsForm({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ ...saved });
  const [save, { loading }] = useMutation(UpdateGeneralSettingsMutation);
  const set = (k: keyof Saved) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      const { platformName, contactEmail, contactPhone, address, vatNumber, businessHours } = form;
      await save({ variables: { input: { platformName, contactEmail, contactPhone, address, vatNumber, businessHours } } });
      notify.success(t('admin.settings.saved'));
    } catch (err) {
      notify.error(t('admin.settings.saveFailed'), { description: adminErrorMessage(err, t('admin.settings.saveFailed')) });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="5" maxW="3xl">
        <div>
          <Heading as="h2" size="lg">
            {t('admin.settings.general.title')}
          </Heading>
          <Text color="gray.600">{t('admin.settings.general.description')}</Text>
        </div>
        <Field.Root required>
          <Field.Label>
            {t('admin.settings.general.platformName')} <Field.RequiredIndicator />
          </Field.Label>
          <Input value={form.platformName} maxLength={GENERAL_LIMITS.platformNameMax} onChange={set('platformName')} />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root>
            <Field.Label>{t('admin.settings.general.contactEmail')}</Field.Label>
            <Input type="email" dir="ltr" value={form.contactEmail} maxLength={GENERAL_LIMITS.emailMax} onChange={set('contactEmail')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('admin.settings.general.contactPhone')}</Field.Label>
            <Input type="tel" dir="ltr" value={form.contactPhone} maxLength={GENERAL_LIMITS.phoneMax} onChange={set('contactPhone')} />
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>{t('admin.settings.general.address')}</Field.Label>
          <Textarea rows={2} value={form.address} maxLength={GENERAL_LIMITS.addressMax} onChange={set('address')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('admin.settings.general.vatNumber')}</Field.Label>
          <Input dir="ltr" inputMode="numeric" value={form.vatNumber} maxLength={15} onChange={set('vatNumber')} />
          <Field.HelperText>{t('admin.settings.general.vatHint')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('admin.settings.general.businessHours')}</Field.Label>
          <Textarea rows={4} value={form.businessHours} maxLength={GENERAL_LIMITS.businessHoursMax} onChange={set('businessHours')} />
        </Field.Root>
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={loading} loadingText={t('admin.settings.saving')}>
          {t('admin.settings.save')}
        </Button>
      </Stack>
    </form>
  );
}
