import { useState, type FormEvent } from 'react';
import { Badge, Button, DataList, Field, Fieldset, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { LIMITS, profileSchema } from '@shared/rules';
import { UpdateProfileMutation } from './operations';
import { useAuth } from '../../lib/auth';
import type { StoredUser } from '../../lib/session';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';

const ADDRESS_KEYS = ['buildingNumber', 'street', 'district', 'city', 'postalCode', 'additionalNumber'] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];
const SNAKE: Record<AddressKey, string> = {
  buildingNumber: 'building_number',
  street: 'street',
  district: 'district',
  city: 'city',
  postalCode: 'postal_code',
  additionalNumber: 'additional_number',
};

function initialForm(user: StoredUser | null, language: string) {
  const a = user?.nationalAddress;
  return {
    fullName: user?.fullName ?? '',
    companyName: user?.companyName ?? '',
    phone: user?.phone ?? '',
    locale: user?.locale === 'ar' || user?.locale === 'en' ? user.locale : language === 'ar' ? 'ar' : 'en',
    vatNumber: user?.vatNumber ?? '',
    crNumber: user?.crNumber ?? '',
    address: Object.fromEntries(ADDRESS_KEYS.map((k) => [k, a?.[k] ?? ''])) as Record<AddressKey, string>,
  };
}

/**
 * The profile and the company details a B2B tax invoice needs. The shared rules (`profileSchema`) check the form
 * before it is sent, so each message stands under its field in the reader's language; a refusal by the server
 * names its field the same way (`extensions.field`).
 */
export function ProfileForm() {
  const { t, i18n } = useTranslation();
  const { user, updateUser } = useAuth();
  const [form, setForm] = useState(() => initialForm(user, i18n.language));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { loading }] = useMutation(UpdateProfileMutation);
  if (!user) return null;

  const address = (k: AddressKey, value: string) => setForm({ ...form, address: { ...form.address, [k]: value } });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const snake = {
      full_name: form.fullName,
      company_name: form.companyName,
      phone: form.phone,
      locale: form.locale,
      vat_number: form.vatNumber,
      cr_number: form.crNumber,
      national_address: Object.fromEntries(ADDRESS_KEYS.map((k) => [SNAKE[k], form.address[k]])),
    };
    const checked = profileSchema.safeParse(snake);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= translateServerMessage(issue.message);
      return setErrors(found);
    }
    setErrors({});
    const a = checked.data.national_address;
    try {
      const { data } = await save({
        variables: {
          input: {
            fullName: checked.data.full_name,
            companyName: checked.data.company_name,
            phone: checked.data.phone,
            locale: form.locale,
            vatNumber: checked.data.vat_number ?? null,
            crNumber: checked.data.cr_number ?? null,
            nationalAddress: a
              ? {
                  buildingNumber: a.building_number,
                  street: a.street,
                  district: a.district,
                  city: a.city,
                  postalCode: a.postal_code,
                  additionalNumber: a.additional_number,
                }
              : null,
          },
        },
      });
      if (data) {
        updateUser(data.updateProfile);
        setForm(initialForm(data.updateProfile, i18n.language));
      }
      notify.success(t('dashboard.profileSaved'));
    } catch (err) {
      const field = CombinedGraphQLErrors.is(err) ? err.errors[0]?.extensions?.field : undefined;
      if (typeof field === 'string') setErrors({ [field]: errorMessage(err, t('dashboard.profileFailed')) });
      else notify.error(errorMessage(err, t('dashboard.profileFailed')));
    }
  }

  const text = (
    key: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    opts: { maxLength?: number; ltr?: boolean; required?: boolean; inputMode?: 'numeric' | 'tel'; help?: string } = {},
  ) => (
    <Field.Root required={opts.required} invalid={!!errors[key]}>
      <Field.Label>
        {label} {opts.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        value={value}
        maxLength={opts.maxLength}
        dir={opts.ltr ? 'ltr' : undefined}
        inputMode={opts.inputMode}
        type={opts.inputMode === 'tel' ? 'tel' : 'text'}
        onChange={(e) => onChange(e.target.value)}
      />
      {opts.help && !errors[key] && <Field.HelperText>{opts.help}</Field.HelperText>}
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );

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
      <form onSubmit={onSubmit} noValidate aria-label={t('profile.formLabel')}>
        <Stack gap="4">
          {text('full_name', t('common.fullName'), form.fullName, (v) => setForm({ ...form, fullName: v }), {
            maxLength: LIMITS.nameMax,
            required: true,
          })}
          {text('company_name', t('common.companyName'), form.companyName, (v) => setForm({ ...form, companyName: v }), {
            maxLength: LIMITS.companyMax,
          })}
          {text('phone', t('common.phone'), form.phone, (v) => setForm({ ...form, phone: v }), {
            maxLength: LIMITS.phoneMax,
            ltr: true,
            inputMode: 'tel',
          })}
          <Field.Root>
            <Field.Label htmlFor="profile-locale">{t('profile.language')}</Field.Label>
            <NativeSelect.Root maxW="60">
              <NativeSelect.Field
                id="profile-locale"
                value={form.locale}
                onChange={(e) => setForm({ ...form, locale: e.target.value === 'ar' ? 'ar' : 'en' })}
              >
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
                {text('vat_number', t('profile.vatNumber'), form.vatNumber, (v) => setForm({ ...form, vatNumber: v }), {
                  maxLength: 20,
                  ltr: true,
                  inputMode: 'numeric',
                  help: t('profile.vatHelp'),
                })}
                {text('cr_number', t('profile.crNumber'), form.crNumber, (v) => setForm({ ...form, crNumber: v }), {
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
                {text(
                  'national_address.building_number',
                  t('profile.buildingNumber'),
                  form.address.buildingNumber,
                  (v) => address('buildingNumber', v),
                  { maxLength: 8, ltr: true, inputMode: 'numeric' },
                )}
                {text('national_address.street', t('profile.street'), form.address.street, (v) => address('street', v), {
                  maxLength: LIMITS.addressTextMax,
                })}
                {text('national_address.district', t('profile.district'), form.address.district, (v) => address('district', v), {
                  maxLength: LIMITS.addressTextMax,
                })}
                {text('national_address.city', t('profile.city'), form.address.city, (v) => address('city', v), {
                  maxLength: LIMITS.addressTextMax,
                })}
                {text('national_address.postal_code', t('profile.postalCode'), form.address.postalCode, (v) => address('postalCode', v), {
                  maxLength: 8,
                  ltr: true,
                  inputMode: 'numeric',
                })}
                {text(
                  'national_address.additional_number',
                  t('profile.additionalNumber'),
                  form.address.additionalNumber,
                  (v) => address('additionalNumber', v),
                  { maxLength: 8, ltr: true, inputMode: 'numeric' },
                )}
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
