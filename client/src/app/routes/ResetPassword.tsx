import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MESSAGES, resetPasswordSchema } from '@shared/rules';
import { z } from 'zod';
import { ResetPasswordMutation } from '../../features/auth/account-operations';
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

function Panel({
  icon,
  title,
  text,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="4" align="center" textAlign="center" data-testid={testId}>
      <Box color="teal.600" aria-hidden>
        {icon}
      </Box>
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="gray.600" role="status">
        {text}
      </Text>
      {children}
    </Stack>
  );
}

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
      const raw = (err as { errors?: Array<{ message?: string }> })?.errors?.[0]?.message;
      if (raw === MESSAGES.passwordResetExpired) setView('expired');
      else if (raw === MESSAGES.passwordResetInvalid) setView('invalid');
      else if (!placeServerError(err, form.setError, ['password'])) setError(errorMessage(err, t('common.genericError')));
    }
  }

  const requestNew = (
    <Button asChild colorPalette="teal">
      <RouterLink to={paths.forgotPassword}>{t('account.requestNew')}</RouterLink>
    </Button>
  );

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root>
        <Card.Body>
          {view === 'done' && (
            <Panel icon={<CircleCheck size={48} />} title={t('account.doneTitle')} text={t('account.doneText')} testId="reset-done">
              <Button asChild colorPalette="teal">
                <RouterLink to={paths.login}>{t('account.toLogin')}</RouterLink>
              </Button>
            </Panel>
          )}
          {view === 'expired' && (
            <Panel icon={<Clock size={48} />} title={t('account.expiredTitle')} text={t('account.expiredText')} testId="reset-expired">
              {requestNew}
            </Panel>
          )}
          {view === 'invalid' && (
            <Panel
              icon={<CircleAlert size={48} color="var(--chakra-colors-red-600)" />}
              title={t('account.invalidTitle')}
              text={t('account.invalidText')}
              testId="reset-invalid"
            >
              {requestNew}
            </Panel>
          )}
          {view === 'form' && (
            <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate data-testid="reset-form">
              <Stack gap="4">
                <Heading as="h1" size="xl" textAlign="center">
                  {t('account.resetTitle')}
                </Heading>
                <Text color="gray.600">{t('account.resetText')}</Text>
                <Field.Root required invalid={!!errors.password}>
                  <Field.Label>
                    {t('account.newPassword')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="password"
                    {...form.register('password')}
                    autoComplete="new-password"
                    dir="ltr"
                    maxLength={LIMITS.passwordMax}
                  />
                  {errors.password ? (
                    <Field.ErrorText>{fieldError(errors, 'password')}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{t('auth.passwordHint')}</Field.HelperText>
                  )}
                </Field.Root>
                <Field.Root required invalid={!!errors.confirm}>
                  <Field.Label>
                    {t('account.confirmPassword')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="password"
                    {...form.register('confirm')}
                    autoComplete="new-password"
                    dir="ltr"
                    maxLength={LIMITS.passwordMax}
                  />
                  <Field.ErrorText>{fieldError(errors, 'confirm', say)}</Field.ErrorText>
                </Field.Root>
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
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
