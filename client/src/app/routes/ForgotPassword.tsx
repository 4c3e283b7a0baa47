import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Container, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { emailOnlySchema } from '@shared/rules';
import type { z } from 'zod';
import { ForgotPasswordMutation } from '../../features/auth/account-operations';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';

const schema = emailOnlySchema.pick({ email: true });

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account. The address is checked
 * by the server's rule as it is left and on submit, at its field (issue #26).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(schema, { defaultValues: { email: '' } });
  const { errors } = form.formState;
  const [send, { loading }] = useMutation(ForgotPasswordMutation);

  async function onSubmit(v: z.output<typeof schema>) {
    setError(null);
    try {
      await send({ variables: { email: v.email } });
      setSentTo(v.email);
    } catch (err) {
      if (!placeServerError(err, form.setError, ['email'])) setError(errorMessage(err, t('common.genericError')));
    }
  }

  const backToLogin = (
    <Link asChild colorPalette="teal" fontSize="sm">
      <RouterLink to={paths.login}>{t('account.backToLogin')}</RouterLink>
    </Link>
  );

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Card.Root data-testid={sentTo ? 'forgot-sent' : 'forgot-form'}>
        <Card.Body>
          {sentTo ? (
            <Stack gap="4" textAlign="center" align="center">
              <Heading as="h1" size="xl">
                {t('account.sentTitle')}
              </Heading>
              <Text color="gray.600" role="status">
                {t('account.sentText', { email: sentTo })}
              </Text>
              {backToLogin}
            </Stack>
          ) : (
            <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
              <Stack gap="4">
                <Heading as="h1" size="xl" textAlign="center">
                  {t('account.forgotTitle')}
                </Heading>
                <Text color="gray.600">{t('account.forgotText')}</Text>
                <Field.Root required invalid={!!errors.email}>
                  <Field.Label>
                    {t('common.email')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input type="email" {...form.register('email')} autoComplete="email" dir="ltr" />
                  <Field.ErrorText>{fieldError(errors, 'email')}</Field.ErrorText>
                </Field.Root>
                {error && (
                  <Text color="red.600" role="alert">
                    {error}
                  </Text>
                )}
                <Button type="submit" colorPalette="teal" loading={loading} loadingText={t('account.sending')}>
                  {t('account.forgotButton')}
                </Button>
                <Stack align="center">{backToLogin}</Stack>
              </Stack>
            </form>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
