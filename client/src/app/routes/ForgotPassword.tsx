import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Container, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@shared/rules';
import { ForgotPasswordMutation } from '../../features/auth/account-operations';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { paths } from '../../config/paths';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [send, { loading }] = useMutation(ForgotPasswordMutation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim()) return setError(translateServerMessage(MESSAGES.requiredFields));
    try {
      await send({ variables: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (err) {
      setError(errorMessage(err, t('common.genericError')));
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
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <Heading as="h1" size="xl" textAlign="center">
                  {t('account.forgotTitle')}
                </Heading>
                <Text color="gray.600">{t('account.forgotText')}</Text>
                <Field.Root required>
                  <Field.Label>
                    {t('common.email')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" dir="ltr" />
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
