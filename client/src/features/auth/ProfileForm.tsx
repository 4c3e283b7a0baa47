import { useState, type FormEvent } from 'react';
import { Badge, Button, DataList, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/rules';
import { UpdateProfileMutation } from './operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';

export function ProfileForm() {
  const { t, i18n } = useTranslation();
  const { user, updateUser } = useAuth();
  const [form, setForm] = useState({ fullName: user?.fullName ?? '', companyName: user?.companyName ?? '', phone: user?.phone ?? '' });
  const [save, { loading }] = useMutation(UpdateProfileMutation);
  if (!user) return null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      const { data } = await save({ variables: { input: { fullName: form.fullName, companyName: form.companyName || null, phone: form.phone || null, locale: i18n.language } } });
      if (data) updateUser(data.updateProfile);
      notify.success(t('dashboard.profileSaved'));
    } catch (err) {
      notify.error(errorMessage(err, t('dashboard.profileFailed')));
    }
  }

  return (
    <Stack gap="6" maxW="xl">
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
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>
              {t('common.fullName')} <Field.RequiredIndicator />
            </Field.Label>
            <Input value={form.fullName} maxLength={LIMITS.nameMax} onChange={(e) => setForm({ ...form, fullName: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('common.companyName')}</Field.Label>
            <Input value={form.companyName} maxLength={LIMITS.companyMax} onChange={(e) => setForm({ ...form, companyName: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('common.phone')}</Field.Label>
            <Input type="tel" dir="ltr" value={form.phone} maxLength={LIMITS.phoneMax} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
          </Field.Root>
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
