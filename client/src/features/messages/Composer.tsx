import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LIMITS, messageBodySchema } from '@shared/messages.rules';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';

/**
 * The message box: the shared rule (@shared/messages.rules) refuses what the server would, with the same message.
 * Enter sends, Shift+Enter starts a new line.
 */
export function Composer({ onSend, disabled, label }: { onSend: (body: string) => Promise<unknown>; disabled?: boolean; label: string }) {
  const { t, i18n } = useTranslation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    const checked = messageBodySchema.safeParse(body);
    if (!checked.success) {
      setError(translateServerMessage(checked.error.issues[0]?.message ?? ''));
      return;
    }
    setBusy(true);
    try {
      await onSend(checked.data);
      setBody('');
      setError(null);
    } catch (err) {
      setError(errorMessage(err, t('messages.sendFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack as="form" onSubmit={submit} gap="2">
      <Field.Root invalid={!!error} disabled={disabled}>
        <Field.Label srOnly>{label}</Field.Label>
        <Textarea
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void submit(e);
          }}
          placeholder={label}
          rows={3}
          autoresize
          maxH="40"
          data-testid="message-input"
        />
        {error && <Field.ErrorText data-testid="message-error">{error}</Field.ErrorText>}
      </Field.Root>
      <HStack justify="space-between">
        <Text fontSize="xs" color={body.trim().length > MESSAGE_LIMITS.bodyMax ? 'red.600' : 'gray.500'}>
          {formatNumber(body.trim().length, i18n.language)} / {formatNumber(MESSAGE_LIMITS.bodyMax, i18n.language)}
        </Text>
        <Button type="submit" colorPalette="teal" size="sm" loading={busy} disabled={disabled} data-testid="send-message">
          <Send size={14} aria-hidden /> {t('messages.send')}
        </Button>
      </HStack>
    </Stack>
  );
}
