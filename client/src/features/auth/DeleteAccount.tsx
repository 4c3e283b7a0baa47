import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, CloseButton, Dialog, Field, Heading, HStack, Input, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { deleteAccountSchema, LIMITS } from '@shared/rules';
import type { z } from 'zod';
import { DeleteAccountMutation } from './account-operations';
import { useAuth } from '../../lib/auth';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { paths } from '../../config/paths';

/** Delete my account: what goes and what stays, then the password. A refusal (paid bookings, last admin) is shown in the dialog. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const form = useZodForm(deleteAccountSchema, { defaultValues: { password: '' } });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const [remove, { loading }] = useMutation(DeleteAccountMutation);

  async function onSubmit(v: z.output<typeof deleteAccountSchema>) {
    setError(null);
    try {
      await remove({ variables: { password: v.password } });
      setOpen(false);
      signOut();
      notify.success(t('rights.deleteDone'));
      navigate(paths.home);
    } catch (err) {
      // A wrong password is the shared password check's refusal, named `current_password`.
      if (!placeServerError(err, form.setError, ['password'], { current_password: 'password' }))
        setError(errorMessage(err, t('rights.deleteFailed')));
    }
  }

  const goes = ['deleteGoes1', 'deleteGoes2', 'deleteGoes3', 'deleteGoes4'];
  const stays = ['deleteStays1', 'deleteStays2'];
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {t('rights.deleteTitle')}
      </Heading>
      <Text color="gray.600">{t('rights.deleteText')}</Text>
      <Dialog.Root
        open={open}
        onOpenChange={(e) => {
          setOpen(e.open);
          setError(null);
          form.reset({ password: '' });
        }}
        role="alertdialog"
      >
        <Dialog.Trigger asChild>
          <HStack>
            <Button colorPalette="red" variant="outline">
              {t('rights.deleteButton')}
            </Button>
          </HStack>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
                <Dialog.Header>
                  <Dialog.Title>{t('rights.deleteDialogTitle')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text fontWeight="semibold">{t('rights.deleteGoesTitle')}</Text>
                    <List.Root ps="5">
                      {goes.map((k) => (
                        <List.Item key={k}>{t(`rights.${k}`)}</List.Item>
                      ))}
                    </List.Root>
                    <Text fontWeight="semibold">{t('rights.deleteStaysTitle')}</Text>
                    <List.Root ps="5">
                      {stays.map((k) => (
                        <List.Item key={k}>{t(`rights.${k}`)}</List.Item>
                      ))}
                    </List.Root>
                    <Text>{t('rights.deleteRefusals')}</Text>
                    <Field.Root required invalid={!!errors.password}>
                      <Field.Label>
                        {t('rights.deletePassword')} <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        type="password"
                        dir="ltr"
                        {...form.register('password')}
                        maxLength={LIMITS.passwordMax}
                        autoComplete="current-password"
                      />
                      <Field.ErrorText>{fieldError(errors, 'password')}</Field.ErrorText>
                    </Field.Root>
                    {error && (
                      <Text color="red.600" role="alert">
                        {error}
                      </Text>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{t('rights.deleteKeep')}</Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" colorPalette="red" loading={loading}>
                    {t('rights.deleteConfirm')}
                  </Button>
                </Dialog.Footer>
              </form>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
