import { Badge, Button, HStack, Input } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AI_LIMITS } from '@shared/admin.rules';
import { FormField } from '../../components/ui/FormField';
import type { SavedKey } from './SettingsForm';

/** A secret that is never shown: the saved one is described by its last 4 characters; typing replaces it. */
export function ApiKeyField({
  id,
  registration,
  error,
  saved,
  onRemove,
  removing,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
  saved: SavedKey;
  onRemove: () => void;
  removing?: boolean;
}) {
  const { t } = useTranslation();
  const { apiKeySet: isSet, apiKeyLast4: last4 } = saved;
  return (
    <FormField
      label={t('admin.settings.apiKey')}
      error={error}
      helper={isSet ? t('admin.settings.apiKeyKeepHint') : undefined}
      ids={{ control: id }}
    >
      <HStack mb="2" gap="3" wrap="wrap">
        <Badge colorPalette={isSet ? 'green' : 'gray'} data-testid={`${id}-status`}>
          <KeyRound size={12} aria-hidden />
          {isSet
            ? last4
              ? t('admin.settings.apiKeySet', { last4: `••••${last4}` })
              : t('admin.settings.apiKeySetNoHint')
            : t('admin.settings.apiKeyNotSet')}
        </Badge>
        {isSet && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} loading={removing}>
            {t('admin.settings.removeKey')}
          </Button>
        )}
      </HStack>
      <Input
        {...registration}
        type="password"
        autoComplete="off"
        dir="ltr"
        maxLength={AI_LIMITS.apiKeyMax}
        placeholder={t('admin.settings.apiKeyPlaceholder')}
      />
    </FormField>
  );
}
