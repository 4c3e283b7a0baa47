import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MESSAGES, resetPasswordSchema } from '@shared/rules';
import { z } from 'zod';
import { ResetPasswordMutation } from '../../features/auth/account-operations';
import { FormField } from '../../components/ui/FormField';
import { LinkCard, LinkOutcome, linkRefusal } from '../../features/auth/LinkOutcome';
import { useAuth } from '../../lib/auth';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';

type View = 'form' | 'invalid' | 'expired' | 'done';

/** The server's rule for the new password, plus the repeated one (the client's own check: its message is a locale key). */
const PASSWORDS_DIFFER = 'account.passwordsDiffer';
const schema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.confirm === v.password, { message: PASSWORDS_DIFFER, path: ['confirm'] });

/** Sets a new password with the token of the link we mailed; a reset ends every session, this browser's too. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isAuthenticated, signOut } = useAuth();
  const [view, setView] = useState<View>(token ? 'form' : 'invalid');
  const form = useZodForm(schema, { defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const say = (m: string) => (m === PASSWORDS_DIFFER ? t(m) : translateServerMessage(m));
  const [error, setError] = useState<string | null>(null);
  const [reset, { loading }] = useMutation(ResetPasswordMutation);

  async function onSubmit(v: z.output<typeof schema>) {
    setError(null);
    try {
      await reset({ variables: { token, password: v.password } });
      if (isAuthenticated) signOut();
      setView('done');
    } catch (err) {
      const refused = linkRefusal(err, { expired: MESSAGES.passwordResetExpired, invalid: MESSAGES.passwordResetInvalid });
      if (refused) setView(refused);
      else if (!placeServerError(err, form.setError, ['password'])) setError(errorMessage(err, t('common.genericError')));
    }
  }

  const requestNew = (
    <Button asChild colorPalette="teal">
      <RouterLink to={paths.forgotPassword}>{t('account.requestNew')}</RouterLink>
    </Button>
  );

  return (
    <LinkCard>
      {view === 'done' && (
        <LinkOutcome outcome="done" title={t('account.doneTitle')} text={t('account.doneText')} testId="reset-done">
          <Button asChild colorPalette="teal">
            <RouterLink to={paths.login}>{t('account.toLogin')}</RouterLink>
          </Button>
        </LinkOutcome>
      )}
      {view === 'expired' && (
        <LinkOutcome outcome="expired" title={t('account.expiredTitle')} text={t('account.expiredText')} testId="reset-expired">
          {requestNew}
        </LinkOutcome>
      )}
      {view === 'invalid' && (
        <LinkOutcome outcome="invalid" title={t('account.invalidTitle')} text={t('account.invalidText')} testId="reset-invalid">
          {requestNew}
        </LinkOutcome>
      )}
      {view === 'form' && (
        <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate data-testid="reset-form">
          <Stack gap="4">
            <Heading as="h1" size="xl" textAlign="center">
              {t('account.resetTitle')}
            </Heading>
            <Text color="gray.600">{t('account.resetText')}</Text>
            <FormField label={t('account.newPassword')} required error={fieldError(errors, 'password')} helper={t('auth.passwordHint')}>
              <Input type="password" {...form.register('password')} autoComplete="new-password" dir="ltr" maxLength={LIMITS.passwordMax} />
            </FormField>
            <FormField label={t('account.confirmPassword')} required error={fieldError(errors, 'confirm', say)}>
              <Input type="password" {...form.register('confirm')} autoComplete="new-password" dir="ltr" maxLength={LIMITS.passwordMax} />
            </FormField>
            {error && (
              <Text color="red.600" role="alert">
                {error}
              </Text>
            )}
            <Button type="submit" colorPalette="teal" loading={loading} loadingText={t('account.saving')}>
              {t('account.resetButton')}
            </Button>
          </Stack>
        </form>
      )}
    </LinkCard>
  );
}
