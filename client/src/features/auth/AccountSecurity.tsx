import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Field, Heading, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MESSAGES } from '@shared/rules';
import { ChangePasswordMutation, LogoutAllMutation } from './account-operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { paths } from '../../config/paths';
import { ChangeEmail } from './ChangeEmail';

/** Change password (the answer carries a token of the new session) and sign out everywhere. */
export function AccountSecurity() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn, signOut } = useAuth();
  const empty = { current: '', next: '', confirm: '' };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [change, changeState] = useMutation(ChangePasswordMutation);
  const [logoutAll, logoutAllState] = useMutation(LogoutAllMutation);

  async function onChange(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!form.current || !form.next) return setError(translateServerMessage(MESSAGES.requiredFields));
    if (form.next !== form.confirm) return setError(t('account.passwordsDiffer'));
    try {
      const { data } = await change({ variables: { input: { currentPassword: form.current, newPassword: form.next } } });
      if (data) signIn(data.changePassword.accessToken, data.changePassword.user);
      setForm(empty);
      notify.success(t('account.changed'));
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
    }
  }

  async function onLogoutAll() {
    try {
      await logoutAll();
      signOut();
      notify.success(t('account.logoutAllDone'));
      navigate(paths.login);
    } catch (err) {
      notify.error(errorMessage(err, t('common.genericError')));
    }
  }

  const field = (key: keyof typeof empty, label: string, autoComplete: string) => (
    <Field.Root required>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="password"
        dir="ltr"
        value={form[key]}
        maxLength={LIMITS.passwordMax}
        autoComplete={autoComplete}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </Field.Root>
  );

  return (
    <Stack gap="6" maxW="xl" mt="10">
      <Separator />
      <Heading as="h2" size="lg">
        {t('account.securityTitle')}
      </Heading>
      <form onSubmit={onChange} noValidate aria-label={t('account.changeTitle')}>
        <Stack gap="4">
          <Heading as="h3" size="md">
            {t('account.changeTitle')}
          </Heading>
          {field('current', t('account.currentPassword'), 'current-password')}
          {field('next', t('account.newPassword'), 'new-password')}
          {field('confirm', t('account.confirmPassword'), 'new-password')}
          {error && (
            <Text color="red.600" role="alert">
              {error}
            </Text>
          )}
          <HStack>
            <Button type="submit" colorPalette="teal" loading={changeState.loading} loadingText={t('account.saving')}>
              {t('account.changeButton')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <ChangeEmail />
      <Stack gap="3">
        <Heading as="h3" size="md">
          {t('account.logoutAllTitle')}
        </Heading>
        <Text color="gray.600">{t('account.logoutAllText')}</Text>
        <HStack>
          <Button variant="outline" colorPalette="red" onClick={onLogoutAll} loading={logoutAllState.loading}>
            {t('account.logoutAllButton')}
          </Button>
        </HStack>
      </Stack>
    </Stack>
  );
}
