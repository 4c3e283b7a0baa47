import { useState, type FormEvent } from 'react';
import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LIMITS, MESSAGES } from '@shared/rules';
import { RequestEmailChangeMutation } from './account-operations';
import { errorMessage, translateServerMessage } from '../../lib/errors';

/** Asks for a new login email: the current password, then a link to the new address confirms it. */
export function ChangeEmail() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { loading }] = useMutation(RequestEmailChangeMutation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!form.email || !form.password) return setError(translateServerMessage(MESSAGES.requiredFields));
    try {
      await request({ variables: { input: { newEmail: form.email, currentPassword: form.password } } });
      setSentTo(form.email.trim());
      setForm({ email: '', password: '' });
    } catch (err) {
      setError(errorMessage(err, t('rights.emailChangeFailed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('rights.emailTitle')}>
      <Stack gap="4">
        <Heading as="h3" size="md">
          {t('rights.emailTitle')}
        </Heading>
        <Text color="gray.600">{t('rights.emailText')}</Text>
        <Field.Root required>
          <Field.Label>
            {t('rights.newEmail')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            dir="ltr"
            value={form.email}
            maxLength={LIMITS.emailMax}
            autoComplete="email"
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            {t('rights.emailPassword')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            dir="ltr"
            value={form.password}
            maxLength={LIMITS.passwordMax}
            autoComplete="current-password"
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </Field.Root>
        {error && (
          <Text color="red.600" role="alert">
            {error}
          </Text>
        )}
        {sentTo && (
          <Text color="green.700" role="status" data-testid="email-change-sent">
            {t('rights.emailSent', { email: sentTo })}
          </Text>
        )}
        <HStack>
          <Button type="submit" colorPalette="teal" loading={loading} loadingText={t('account.sending')}>
            {t('rights.emailButton')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
