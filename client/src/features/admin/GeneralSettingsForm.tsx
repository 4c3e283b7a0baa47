import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GENERAL_LIMITS, generalSchema } from '@shared/admin.rules';
import type { AdminSettingsQuery } from '../../gql/graphql';
import { FormField } from '../../components/ui/FormField';
import { fieldError, useZodForm } from '../../lib/forms';
import { UpdateGeneralSettingsMutation } from './operations';
import { SettingsForm, useSaveSettings } from './SettingsForm';

type Saved = AdminSettingsQuery['adminSettings']['general'];
const FIELDS = [
  'platform_name',
  'contact_email',
  'contact_phone',
  'address',
  'address_ar',
  'vat_number',
  'business_hours',
  'business_hours_ar',
] as const;

export function GeneralSettingsForm({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const form = useZodForm(generalSchema, {
    defaultValues: {
      platform_name: saved.platformName,
      contact_email: saved.contactEmail,
      contact_phone: saved.contactPhone,
      address: saved.address,
      address_ar: saved.addressAr,
      vat_number: saved.vatNumber,
      business_hours: saved.businessHours,
      business_hours_ar: saved.businessHoursAr,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [save] = useMutation(UpdateGeneralSettingsMutation);
  const saveSettings = useSaveSettings(form.setError, FIELDS);

  const onSubmit = (v: z.output<typeof generalSchema>) =>
    saveSettings(() =>
      save({
        variables: {
          input: {
            platformName: v.platform_name,
            contactEmail: v.contact_email,
            contactPhone: v.contact_phone,
            address: v.address,
            addressAr: v.address_ar,
            vatNumber: v.vat_number,
            businessHours: v.business_hours,
            businessHoursAr: v.business_hours_ar,
          },
        },
      }),
    );

  return (
    <SettingsForm
      title={t('admin.settings.general.title')}
      description={t('admin.settings.general.description')}
      onSubmit={form.handleSubmit(onSubmit)}
      saving={isSubmitting}
    >
      <FormField label={t('admin.settings.general.platformName')} required error={fieldError(errors, 'platform_name')}>
        <Input {...form.register('platform_name')} maxLength={GENERAL_LIMITS.platformNameMax} />
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField label={t('admin.settings.general.contactEmail')} error={fieldError(errors, 'contact_email')}>
          <Input {...form.register('contact_email')} type="email" dir="ltr" maxLength={GENERAL_LIMITS.emailMax} />
        </FormField>
        <FormField label={t('admin.settings.general.contactPhone')} error={fieldError(errors, 'contact_phone')}>
          <Input {...form.register('contact_phone')} type="tel" dir="ltr" maxLength={GENERAL_LIMITS.phoneMax} />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField label={t('admin.settings.general.address')} error={fieldError(errors, 'address')}>
          <Textarea {...form.register('address')} rows={2} maxLength={GENERAL_LIMITS.addressMax} />
        </FormField>
        <FormField
          label={t('admin.settings.general.addressAr')}
          error={fieldError(errors, 'address_ar')}
          helper={t('admin.settings.general.arabicHint')}
        >
          <Textarea {...form.register('address_ar')} rows={2} dir="rtl" lang="ar" maxLength={GENERAL_LIMITS.addressMax} />
        </FormField>
      </SimpleGrid>
      <FormField
        label={t('admin.settings.general.vatNumber')}
        error={fieldError(errors, 'vat_number')}
        helper={t('admin.settings.general.vatHint')}
      >
        <Input {...form.register('vat_number')} dir="ltr" inputMode="numeric" maxLength={15} />
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField label={t('admin.settings.general.businessHours')} error={fieldError(errors, 'business_hours')}>
          <Textarea {...form.register('business_hours')} rows={4} maxLength={GENERAL_LIMITS.businessHoursMax} />
        </FormField>
        <FormField
          label={t('admin.settings.general.businessHoursAr')}
          error={fieldError(errors, 'business_hours_ar')}
          helper={t('admin.settings.general.arabicHint')}
        >
          <Textarea {...form.register('business_hours_ar')} rows={4} dir="rtl" lang="ar" maxLength={GENERAL_LIMITS.businessHoursMax} />
        </FormField>
      </SimpleGrid>
    </SettingsForm>
  );
}
