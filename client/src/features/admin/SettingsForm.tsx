import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { notify } from '../../components/ui/toaster';
import { placeServerError } from '../../lib/forms';
import { adminErrorMessage } from './messages';

/** A settings tab's form as every tab draws it: its heading and description, its fields, then the save button. */
export function SettingsForm({
  title,
  description,
  onSubmit,
  saving,
  maxW = '3xl',
  children,
}: {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  maxW?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="5" maxW={maxW}>
        <div>
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          <Text color="gray.600">{description}</Text>
        </div>
        {children}
        <Button type="submit" colorPalette="teal" alignSelf="start" loading={saving} loadingText={t('admin.settings.saving')}>
          {t('admin.settings.save')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Saving one settings key: "Settings saved" when it is; a refusal naming one of the form's fields (the rule's path,
 * `contact_email`) lands at that field, any other in a toast. Answers whether it was saved.
 */
export function useSaveSettings<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  const { t } = useTranslation();
  return async (write: () => Promise<unknown>): Promise<boolean> => {
    try {
      await write();
      notify.success(t('admin.settings.saved'));
      return true;
    } catch (err) {
      if (!placeServerError(err, setError, fields))
        notify.error(t('admin.settings.saveFailed'), { description: adminErrorMessage(err, t('admin.settings.saveFailed')) });
      return false;
    }
  };
}

/** What the page knows of a saved secret: whether there is one and its last 4 characters. */
export interface SavedKey {
  apiKeySet: boolean;
  apiKeyLast4?: string | null;
}

/**
 * A settings key with a secret (the payment gateway's, the AI provider's): the saved state as the last answer gave
 * it, and removing the secret, which saves `clearApiKey` alone.
 */
export function useSavedKey<S extends SavedKey>(saved: S, write: (input: { clearApiKey: true }) => Promise<S | undefined>) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(saved);
  const [removing, setRemoving] = useState(false);
  async function remove() {
    setRemoving(true);
    try {
      const next = await write({ clearApiKey: true });
      if (next) setCurrent(next);
      notify.success(t('admin.settings.keyRemoved'));
    } catch (err) {
      notify.error(t('admin.settings.saveFailed'), { description: adminErrorMessage(err, t('admin.settings.saveFailed')) });
    } finally {
      setRemoving(false);
    }
  }
  return { current, setCurrent, remove, removing };
}
