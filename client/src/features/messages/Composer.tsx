import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MESSAGE_LIMITS, sendMessageSchema } from '@shared/messages.rules';
import { errorMessage } from '../../lib/errors';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { formatNumber } from '../../lib/format';

/**
 * The message box, checked by the server's own rule (`sendMessageSchema`) as it is left and on send, with the same
 * message. Enter sends, Shift+Enter starts a new line. A refusal of the sending itself (too quick, conversation
 * closed) shows where the message's own problems do: it is about this message, and the box is the form's one field.
 */
export function Composer({ onSend, disabled, label }: { onSend: (body: string) => Promise<unknown>; disabled?: boolean; label: string }) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(sendMessageSchema, { defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = form.watch('body').trim().length;

  const send = async (v: z.output<typeof sendMessageSchema>) => {
    try {
      await onSend(v.body);
      form.reset({ body: '' });
    } catch (err) {
      if (!placeServerError(err, form.setError, ['body']))
        form.setError('body', { type: 'server', message: errorMessage(err, t('messages.sendFailed')) });
    }
  };
  const submit = form.handleSubmit(send);
  const error = fieldError(errors, 'body');

  return (
    <Stack as="form" onSubmit={(e) => void submit(e)} gap="2">
      <Field.Root invalid={!!error} disabled={disabled}>
        <Field.Label srOnly>{label}</Field.Label>
        <Textarea
          {...form.register('body')}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (!isSubmitting) void submit();
            }
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
        <Text fontSize="xs" color={length > MESSAGE_LIMITS.bodyMax ? 'red.600' : 'gray.500'}>
          {formatNumber(length, i18n.language)} / {formatNumber(MESSAGE_LIMITS.bodyMax, i18n.language)}
        </Text>
        <Button type="submit" colorPalette="teal" size="sm" loading={isSubmitting} disabled={disabled} data-testid="send-message">
          <Send size={14} aria-hidden /> {t('messages.send')}
        </Button>
      </HStack>
    </Stack>
  );
}
