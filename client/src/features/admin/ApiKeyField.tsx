import { Badge, Button, Field, HStack, Input } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AI_LIMITS } from '@shared/admin.rules';

/** A secret that is never shown: the saved one is described by its last 4 characters; typing replaces it. */
export function ApiKeyField({
  id,
  value,
  onChange,
  isSet,
  last4,
  onRemove,
  removing,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  isSet: boolean;
  last4: string | null | undefined;
  onRemove: () => void;
  removing?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{t('admin.settings.apiKey')}</Field.Label>
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
        id={id}
        type="password"
        autoComplete="off"
        dir="ltr"
        value={value}
        maxLength={AI_LIMITS.apiKeyMax}
        placeholder={t('admin.settings.apiKeyPlaceholder')}
        onChange={(e) => onChange(e.target.value)}
      />
      {isSet && <Field.HelperText>{t('admin.settings.apiKeyKeepHint')}</Field.HelperText>}
    </Field.Root>
  );
}
