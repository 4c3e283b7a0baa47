import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Heading, Input, NativeSelect, Separator, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AI_LIMITS, AI_PROVIDERS, aiChatSchema, testAiChatSchema, type AiProvider } from '@shared/admin.rules';
import type { AdminSettingsQuery, AiChatSettingsInput } from '../../gql/graphql';
import { FormField } from '../../components/ui/FormField';
import { notify } from '../../components/ui/toaster';
import { fieldError, placeServerError, useZodForm } from '../../lib/forms';
import { TestAiChatMutation, UpdateAiChatSettingsMutation } from './operations';
import { ApiKeyField } from './ApiKeyField';
import { adminErrorMessage, adminMessage } from './messages';
import { SettingsForm, useSaveSettings, useSavedKey } from './SettingsForm';

type Saved = AdminSettingsQuery['adminSettings']['aiChat'];

function TestPanel({ hasKey }: { hasKey: boolean }) {
  const { t } = useTranslation();
  const form = useZodForm(testAiChatSchema, { defaultValues: { message: '' } });
  const { errors, isSubmitting } = form.formState;
  const [result, setResult] = useState<{ success: boolean; model: string; response?: string | null; error?: string | null } | null>(null);
  const [run] = useMutation(TestAiChatMutation);

  async function onTest(v: z.output<typeof testAiChatSchema>) {
    setResult(null);
    try {
      const { data } = await run({ variables: { message: v.message } });
      const r = data?.testAiChat;
      if (!r) return;
      setResult(r);
      if (!r.success) notify.error(t('admin.settings.ai.testFailed'), { description: r.error ? adminMessage(r.error) : undefined });
    } catch (err) {
      if (placeServerError(err, form.setError, ['message'])) return;
      notify.error(t('admin.settings.ai.testError'), { description: adminErrorMessage(err, t('admin.settings.ai.testError')) });
    }
  }

  return (
    <Box as="section" aria-labelledby="ai-test-title">
      <Heading as="h3" size="md" id="ai-test-title">
        {t('admin.settings.ai.testTitle')}
      </Heading>
      <Text color="gray.600" fontSize="sm" mb="3">
        {hasKey ? t('admin.settings.ai.testHint') : t('admin.settings.ai.testNoKey')}
      </Text>
      <form onSubmit={form.handleSubmit(onTest)} noValidate aria-label={t('admin.settings.ai.testTitle')}>
        <Stack gap="3">
          <FormField label={t('admin.settings.ai.testMessage')} error={fieldError(errors, 'message')}>
            <Textarea
              {...form.register('message')}
              rows={2}
              maxLength={AI_LIMITS.testMessageMax}
              placeholder={t('admin.settings.ai.testPlaceholder')}
            />
          </FormField>
          <Button
            type="submit"
            alignSelf="start"
            variant="outline"
            colorPalette="teal"
            disabled={!hasKey}
            loading={isSubmitting}
            loadingText={t('admin.settings.ai.testing')}
          >
            {t('admin.settings.ai.testButton')}
          </Button>
        </Stack>
      </form>
      {result && (
        <Alert.Root status={result.success ? 'success' : 'error'} mt="4" data-testid="ai-test-result">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{result.success ? t('admin.settings.ai.testSuccess') : t('admin.settings.ai.testFailed')}</Alert.Title>
            <Alert.Description>
              <Text fontSize="xs" color="gray.600">
                {t('admin.settings.ai.testModel', { model: result.model })}
              </Text>
              <Text whiteSpace="pre-wrap" mt="1">
                {result.success ? result.response : result.error ? adminMessage(result.error) : ''}
              </Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Box>
  );
}

const FIELDS = ['api_key', 'provider', 'model', 'system_prompt', 'temperature', 'max_tokens'] as const;

export function AiSettingsForm({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const form = useZodForm(aiChatSchema, {
    defaultValues: {
      api_key: '',
      enabled: saved.enabled,
      provider: saved.provider as AiProvider,
      model: saved.model,
      system_prompt: saved.systemPrompt,
      temperature: saved.temperature,
      max_tokens: saved.maxTokens,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [mutate] = useMutation(UpdateAiChatSettingsMutation);
  const write = async (input: AiChatSettingsInput) => (await mutate({ variables: { input } })).data?.updateAiChatSettings;
  const key = useSavedKey(saved, write);
  const saveSettings = useSaveSettings(form.setError, FIELDS);

  const onSubmit = (v: z.output<typeof aiChatSchema>) =>
    saveSettings(async () => {
      const next = await write({
        apiKey: v.api_key ?? null,
        enabled: v.enabled,
        provider: v.provider,
        model: v.model,
        systemPrompt: v.system_prompt,
        temperature: v.temperature,
        maxTokens: v.max_tokens,
      });
      if (next) key.setCurrent(next);
      form.setValue('api_key', '');
    });

  const number = (name: 'temperature' | 'max_tokens', label: string, hint: string, min: number, max: number, step: number) => (
    <FormField label={label} error={fieldError(errors, name)} helper={hint}>
      <Input {...form.register(name, { valueAsNumber: true })} type="number" dir="ltr" min={min} max={max} step={step} />
    </FormField>
  );

  return (
    <Stack gap="8" maxW="3xl">
      <SettingsForm
        title={t('admin.settings.ai.title')}
        description={t('admin.settings.ai.description')}
        onSubmit={form.handleSubmit(onSubmit)}
        saving={isSubmitting}
      >
        <Checkbox.Root
          checked={form.watch('enabled')}
          onCheckedChange={(d) => form.setValue('enabled', d.checked === true, { shouldDirty: true })}
          colorPalette="teal"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('admin.settings.ai.enabled')}</Checkbox.Label>
        </Checkbox.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField label={t('admin.settings.ai.provider')} error={fieldError(errors, 'provider')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('provider')}>
                {AI_PROVIDERS.map((p) => (
                  <option key={p} value={p}>
                    {t(`admin.settings.ai.providers.${p}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('admin.settings.ai.model')} required error={fieldError(errors, 'model')}>
            <Input {...form.register('model')} dir="ltr" maxLength={AI_LIMITS.modelMax} />
          </FormField>
        </SimpleGrid>
        <ApiKeyField
          id="ai-api-key"
          registration={form.register('api_key')}
          error={fieldError(errors, 'api_key')}
          saved={key.current}
          onRemove={() => void key.remove()}
          removing={key.removing}
        />
        <FormField
          label={t('admin.settings.ai.systemPrompt')}
          error={fieldError(errors, 'system_prompt')}
          helper={t('admin.settings.ai.systemPromptHint')}
        >
          <Textarea {...form.register('system_prompt')} rows={4} maxLength={AI_LIMITS.systemPromptMax} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {number(
            'temperature',
            t('admin.settings.ai.temperature'),
            t('admin.settings.ai.temperatureHint'),
            AI_LIMITS.temperatureMin,
            AI_LIMITS.temperatureMax,
            AI_LIMITS.temperatureStep,
          )}
          {number(
            'max_tokens',
            t('admin.settings.ai.maxTokens'),
            t('admin.settings.ai.maxTokensHint'),
            AI_LIMITS.maxTokensMin,
            AI_LIMITS.maxTokensMax,
            AI_LIMITS.maxTokensStep,
          )}
        </SimpleGrid>
      </SettingsForm>
      <Separator />
      <TestPanel hasKey={key.current.apiKeySet} />
    </Stack>
  );
}
