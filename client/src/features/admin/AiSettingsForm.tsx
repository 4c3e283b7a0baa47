import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  Input,
  NativeSelect,
  Separator,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AI_LIMITS, AI_PROVIDERS } from '@shared/admin.rules';
import type { AdminSettingsQuery } from '../../gql/graphql';
import { TestAiChatMutation, UpdateAiChatSettingsMutation } from './operations';
import { ApiKeyField } from './ApiKeyField';
import { adminErrorMessage, adminMessage } from './messages';
import { notify } from '../../components/ui/toaster';

type Saved = AdminSettingsQuery['adminSettings']['aiChat'];

function TestPanel({ hasKey }: { hasKey: boolean }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<{ success: boolean; model: string; response?: string | null; error?: string | null } | null>(null);
  const [run, { loading }] = useMutation(TestAiChatMutation);

  async function onTest(e: FormEvent) {
    e.preventDefault();
    if (!message.trim()) return notify.error(t('admin.settings.ai.testEmpty'));
    setResult(null);
    try {
      const { data } = await run({ variables: { message } });
      const r = data?.testAiChat;
      if (!r) return;
      setResult(r);
      if (!r.success) notify.error(t('admin.settings.ai.testFailed'), { description: r.error ? adminMessage(r.error) : undefined });
    } catch (err) {
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
      <form onSubmit={onTest} noValidate>
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{t('admin.settings.ai.testMessage')}</Field.Label>
            <Textarea
              rows={2}
              value={message}
              maxLength={AI_LIMITS.testMessageMax}
              placeholder={t('admin.settings.ai.testPlaceholder')}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field.Root>
          <Button
            type="submit"
            alignSelf="start"
            variant="outline"
            colorPalette="teal"
            disabled={!hasKey}
            loading={loading}
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

export function AiSettingsForm({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    apiKey: '',
    enabled: saved.enabled,
    provider: saved.provider,
    model: saved.model,
    systemPrompt: saved.systemPrompt,
    temperature: String(saved.temperature),
    maxTokens: String(saved.maxTokens),
  });
  const [current, setCurrent] = useState(saved);
  const [save, { loading }] = useMutation(UpdateAiChatSettingsMutation);
  const [remove, removing] = useMutation(UpdateAiChatSettingsMutation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      const { data } = await save({
        variables: {
          input: {
            apiKey: form.apiKey.trim() || null,
            enabled: form.enabled,
            provider: form.provider,
            model: form.model,
            systemPrompt: form.systemPrompt,
            temperature: Number(form.temperature),
            maxTokens: Number(form.maxTokens),
          },
        },
      });
      if (data) setCurrent(data.updateAiChatSettings);
      setForm((f) => ({ ...f, apiKey: '' }));
      notify.success(t('admin.settings.saved'));
    } catch (err) {
      notify.error(t('admin.settings.saveFailed'), { description: adminErrorMessage(err, t('admin.settings.saveFailed')) });
    }
  }

  async function removeKey() {
    try {
      const { data } = await remove({ variables: { input: { clearApiKey: true } } });
      if (data) setCurrent(data.updateAiChatSettings);
      notify.success(t('admin.settings.keyRemoved'));
    } catch (err) {
      notify.error(t('admin.settings.saveFailed'), { description: adminErrorMessage(err, t('admin.settings.saveFailed')) });
    }
  }

  return (
    <Stack gap="8" maxW="3xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <div>
            <Heading as="h2" size="lg">
              {t('admin.settings.ai.title')}
            </Heading>
            <Text color="gray.600">{t('admin.settings.ai.description')}</Text>
          </div>
          <Checkbox.Root
            checked={form.enabled}
            onCheckedChange={(d) => setForm({ ...form, enabled: d.checked === true })}
            colorPalette="teal"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('admin.settings.ai.enabled')}</Checkbox.Label>
          </Checkbox.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Field.Root>
              <Field.Label htmlFor="ai-provider">{t('admin.settings.ai.provider')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id="ai-provider" value={form.provider} onChange={(e) => setForm({ ...form, provider: e.target.value })}>
                  {AI_PROVIDERS.map((p) => (
                    <option key={p} value={p}>
                      {t(`admin.settings.ai.providers.${p}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                {t('admin.settings.ai.model')} <Field.RequiredIndicator />
              </Field.Label>
              <Input
                dir="ltr"
                value={form.model}
                maxLength={AI_LIMITS.modelMax}
                onChange={(e) => setForm({ ...form, model: e.target.value })}
              />
            </Field.Root>
          </SimpleGrid>
          <ApiKeyField
            id="ai-api-key"
            value={form.apiKey}
            onChange={(apiKey) => setForm({ ...form, apiKey })}
            isSet={current.apiKeySet}
            last4={current.apiKeyLast4}
            onRemove={removeKey}
            removing={removing.loading}
          />
          <Field.Root>
            <Field.Label>{t('admin.settings.ai.systemPrompt')}</Field.Label>
            <Textarea
              rows={4}
              value={form.systemPrompt}
              maxLength={AI_LIMITS.systemPromptMax}
              onChange={(e) => setForm({ ...form, systemPrompt: e.target.value })}
            />
            <Field.HelperText>{t('admin.settings.ai.systemPromptHint')}</Field.HelperText>
          </Field.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Field.Root>
              <Field.Label>{t('admin.settings.ai.temperature')}</Field.Label>
              <Input
                type="number"
                dir="ltr"
                min={AI_LIMITS.temperatureMin}
                max={AI_LIMITS.temperatureMax}
                step={AI_LIMITS.temperatureStep}
                value={form.temperature}
                onChange={(e) => setForm({ ...form, temperature: e.target.value })}
              />
              <Field.HelperText>{t('admin.settings.ai.temperatureHint')}</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('admin.settings.ai.maxTokens')}</Field.Label>
              <Input
                type="number"
                dir="ltr"
                min={AI_LIMITS.maxTokensMin}
                max={AI_LIMITS.maxTokensMax}
                step={AI_LIMITS.maxTokensStep}
                value={form.maxTokens}
                onChange={(e) => setForm({ ...form, maxTokens: e.target.value })}
              />
              <Field.HelperText>{t('admin.settings.ai.maxTokensHint')}</Field.HelperText>
            </Field.Root>
          </SimpleGrid>
          <Button type="submit" colorPalette="teal" alignSelf="start" loading={loading} loadingText={t('admin.settings.saving')}>
            {t('admin.settings.save')}
          </Button>
        </Stack>
      </form>
      <Separator />
      <TestPanel hasKey={current.apiKeySet} />
    </Stack>
  );
}
