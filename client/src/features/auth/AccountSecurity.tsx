import { useNavigate } from 'react-router-dom';
import { Button, Field, Heading, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordSchema, LIMITS } from '@shared/rules';
import { ChangePasswordMutation, LogoutAllMutation } from './account-operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';
import { ChangeEmail } from './ChangeEmail';

/** The server's rule, plus the repeated new password (the client's own check: its message is a locale key). */
const PASSWORDS_DIFFER = 'account.passwordsDiffer';
const changeSchema = changePasswordSchema
  .extend({ confirm: z.string() })
  .refine((v) => v.confirm === v.new_password, { message: PASSWORDS_DIFFER, path: ['confirm'] });
const FIELDS = ['current_password', 'new_password', 'confirm'] as const;

/** Change password (the answer carries a token of the new session) and sign out everywhere. */
export function AccountSecurity() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn, signOut } = useAuth();
  const empty = { current_password: '', new_password: '', confirm: '' };
  // Each field's problem under it, as it is left and on submit (issue #26); a wrong current password lands there.
  const form = useZodForm(changeSchema, { defaultValues: empty });
  const { errors } = form.formState;
  const [change, changeState] = useMutation(ChangePasswordMutation);
  const [logoutAll, logoutAllState] = useMutation(LogoutAllMutation);
  const say = (m: string) => (m === PASSWORDS_DIFFER ? t(m) : translateServerMessage(m));

  async function onChange(v: z.output<typeof changeSchema>) {
    try {
      const { data } = await change({ variables: { input: { currentPassword: v.current_password, newPassword: v.new_password } } });
      if (data) signIn(data.changePassword.accessToken, data.changePassword.user);
      form.reset(empty);
      notify.success(t('account.changed'));
    } catch (err) {
      if (!placeServerError(err, form.setError, FIELDS)) notify.error(errorMessage(err, t('common.genericError')));
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

  const field = (key: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <Field.Root required invalid={!!errors[key]}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input type="password" dir="ltr" {...form.register(key)} maxLength={LIMITS.passwordMax} autoComplete={autoComplete} />
      <Field.ErrorText>{fieldError(errors, key, say)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack gap="6" maxW="xl" mt="10">
      <Separator />
      <Heading as="h2" size="lg">
        {t('account.securityTitle')}
      </Heading>
      <form onSubmit={form.handleSubmit(onChange)} noValidate aria-label={t('account.changeTitle')}>
        <Stack gap="4">
          <Heading as="h3" size="md">
            {t('account.changeTitle')}
          </Heading>
          {field('current_password', t('account.currentPassword'), 'current-password')}
          {field('new_password', t('account.newPassword'), 'new-password')}
          {field('confirm', t('account.confirmPassword'), 'new-password')}
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
