import { Badge, Button, DataList, Field, Fieldset, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addressFormValues, NATIONAL_ADDRESS_FORM_FIELDS, toGraphqlAddress } from '@shared/national-address';
import { LIMITS, profileSchema } from '@shared/rules';
import { UpdateProfileMutation } from './operations';
import { useAuth } from '../../lib/auth';
import type { StoredUser } from '../../lib/session';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { formatDate } from '../../lib/format';
import { isLocale, localeOf } from '@shared/locale';

const FIELDS = ['full_name', 'company_name', 'phone', 'locale', 'vat_number', 'cr_number', ...NATIONAL_ADDRESS_FORM_FIELDS] as const;
type FieldName = (typeof FIELDS)[number];

function initialForm(user: StoredUser | null, language: string) {
  return {
    full_name: user?.fullName ?? '',
    company_name: user?.companyName ?? '',
    phone: user?.phone ?? '',
    locale: isLocale(user?.locale) ? user.locale : localeOf(language),
    vat_number: user?.vatNumber ?? '',
    cr_number: user?.crNumber ?? '',
    national_address: addressFormValues(user?.nationalAddress),
  };
}

/**
 * The profile and the company details a B2B tax invoice needs. The shared rules (`profileSchema`) check each field
 * as it is left and the whole form on submit, so each message stands under its field in the reader's language; a
 * refusal by the server names its field the same way (`extensions.field`) and lands there.
 */
export function ProfileForm() {
  const { t, i18n } = useTranslation();
  const { user, updateUser } = useAuth();
  const form = useZodForm(profileSchema, { defaultValues: initialForm(user, i18n.language) });
  const { errors } = form.formState;
  const [save, { loading }] = useMutation(UpdateProfileMutation);
  if (!user) return null;

  async function onSubmit(v: z.output<typeof profileSchema>) {
    try {
      const { data } = await save({
        variables: {
          input: {
            fullName: v.full_name,
            companyName: v.company_name,
            phone: v.phone,
            locale: v.locale,
            vatNumber: v.vat_number ?? null,
            crNumber: v.cr_number ?? null,
            nationalAddress: v.national_address ? toGraphqlAddress(v.national_address) : null,
          },
        },
      });
      if (data) {
        updateUser(data.updateProfile);
        form.reset(initialForm(data.updateProfile, i18n.language));
      }
      notify.success(t('dashboard.profileSaved'));
    } catch (err) {
      if (!placeServerError(err, form.setError, FIELDS)) notify.error(errorMessage(err, t('dashboard.profileFailed')));
    }
  }

  const text = (
    key: Exclude<FieldName, 'national_address' | 'locale'>,
    label: string,
    opts: { maxLength?: number; ltr?: boolean; required?: boolean; inputMode?: 'numeric' | 'tel'; help?: string } = {},
  ) => {
    const problem = fieldError(errors, key);
    return (
      <Field.Root required={opts.required} invalid={!!problem}>
        <Field.Label>
          {label} {opts.required && <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          {...form.register(key)}
          maxLength={opts.maxLength}
          dir={opts.ltr ? 'ltr' : undefined}
          inputMode={opts.inputMode}
          type={opts.inputMode === 'tel' ? 'tel' : 'text'}
        />
        {opts.help && !problem && <Field.HelperText>{opts.help}</Field.HelperText>}
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    );
  };

  return (
    <Stack gap="6" maxW="2xl">
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t('common.email')}</DataList.ItemLabel>
          <DataList.ItemValue dir="ltr">{user.email}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('dashboard.role')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette="teal">{t(`roles.${user.role}`)}</Badge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('dashboard.verified')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={user.emailVerified ? 'green' : 'orange'}>{t(user.emailVerified ? 'common.yes' : 'common.no')}</Badge>
          </DataList.ItemValue>
        </DataList.Item>
        {user.createdAt && (
          <DataList.Item>
            <DataList.ItemLabel>{t('dashboard.memberSince')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(user.createdAt, i18n.language)}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate aria-label={t('profile.formLabel')}>
        <Stack gap="4">
          {text('full_name', t('common.fullName'), {
            maxLength: LIMITS.nameMax,
            required: true,
          })}
          {text('company_name', t('common.companyName'), {
            maxLength: LIMITS.companyMax,
          })}
          {text('phone', t('common.phone'), {
            maxLength: LIMITS.phoneMax,
            ltr: true,
            inputMode: 'tel',
          })}
          <Field.Root>
            <Field.Label htmlFor="profile-locale">{t('profile.language')}</Field.Label>
            <NativeSelect.Root maxW="60">
              <NativeSelect.Field id="profile-locale" {...form.register('locale')}>
                <option value="en">{t('profile.languageEn')}</option>
                <option value="ar">{t('profile.languageAr')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('profile.languageHelp')}</Field.HelperText>
          </Field.Root>

          <Fieldset.Root mt="4">
            <Fieldset.Legend asChild>
              <Heading as="h3" size="md">
                {t('profile.companyTitle')}
              </Heading>
            </Fieldset.Legend>
            <Text color="gray.600" fontSize="sm">
              {t('profile.companyText')}
            </Text>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {text('vat_number', t('profile.vatNumber'), {
                  maxLength: 20,
                  ltr: true,
                  inputMode: 'numeric',
                  help: t('profile.vatHelp'),
                })}
                {text('cr_number', t('profile.crNumber'), {
                  maxLength: 14,
                  ltr: true,
                  inputMode: 'numeric',
                  help: t('profile.crHelp'),
                })}
              </SimpleGrid>
            </Fieldset.Content>
          </Fieldset.Root>

          <Fieldset.Root mt="2">
            <Fieldset.Legend asChild>
              <Heading as="h4" size="sm">
                {t('profile.addressTitle')}
              </Heading>
            </Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {text('national_address.building_number', t('profile.buildingNumber'), { maxLength: 8, ltr: true, inputMode: 'numeric' })}
                {text('national_address.street', t('profile.street'), {
                  maxLength: LIMITS.addressTextMax,
                })}
                {text('national_address.district', t('profile.district'), {
                  maxLength: LIMITS.addressTextMax,
                })}
                {text('national_address.city', t('profile.city'), {
                  maxLength: LIMITS.addressTextMax,
                })}
                {text('national_address.postal_code', t('profile.postalCode'), {
                  maxLength: 8,
                  ltr: true,
                  inputMode: 'numeric',
                })}
                {text('national_address.additional_number', t('profile.additionalNumber'), {
                  maxLength: 8,
                  ltr: true,
                  inputMode: 'numeric',
                })}
              </SimpleGrid>
            </Fieldset.Content>
          </Fieldset.Root>
          <HStack>
            <Button type="submit" colorPalette="teal" loading={loading} loadingText={t('common.saving')}>
              {t('common.save')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Stack>
  );
}
