import { useState } from 'react';
import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { changeEmailSchema, LIMITS } from '@shared/rules';
import type { z } from 'zod';
import { RequestEmailChangeMutation } from './account-operations';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';

const FIELDS = ['new_email', 'current_password'] as const;
const EMPTY = { new_email: '', current_password: '' };

/**
 * Asks for a new login email: the current password, then a link to the new address confirms it. Each field is
 * checked by the server's rule as it is left and on submit; a wrong password or the same address lands at its field.
 */
export function ChangeEmail() {
  const { t } = useTranslation();
  const form = useZodForm(changeEmailSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { loading }] = useMutation(RequestEmailChangeMutation);

  async function onSubmit(v: z.output<typeof changeEmailSchema>) {
    setError(null);
    setSentTo(null);
    try {
      await request({ variables: { input: { newEmail: v.new_email, currentPassword: v.current_password } } });
      setSentTo(v.new_email);
      form.reset(EMPTY);
    } catch (err) {
      if (!placeServerError(err, form.setError, FIELDS)) setError(errorMessage(err, t('rights.emailChangeFailed')));
    }
  }

  return (
    <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate aria-label={t('rights.emailTitle')}>
      <Stack gap="4">
        <Heading as="h3" size="md">
          {t('rights.emailTitle')}
        </Heading>
        <Text color="gray.600">{t('rights.emailText')}</Text>
        <Field.Root required invalid={!!errors.new_email}>
          <Field.Label>
            {t('rights.newEmail')} <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" dir="ltr" {...form.register('new_email')} maxLength={LIMITS.emailMax} autoComplete="email" />
          <Field.ErrorText>{fieldError(errors, 'new_email')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!errors.current_password}>
          <Field.Label>
            {t('rights.emailPassword')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            dir="ltr"
            {...form.register('current_password')}
            maxLength={LIMITS.passwordMax}
            autoComplete="current-password"
          />
          <Field.ErrorText>{fieldError(errors, 'current_password')}</Field.ErrorText>
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
