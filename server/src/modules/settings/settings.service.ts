import type { EntityManager } from '@mikro-orm/postgresql';
import { SETTINGS_TOPICS, settingsSavedHere, type SettingsChangedEvent } from './settings.events.js';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { badInput, notFound } from '../common/errors.js';
import {
  ADMIN_MESSAGES,
  AI_DEFAULTS,
  GENERAL_DEFAULTS,
  MYFATOORAH_DEFAULTS,
  SETTING_KEYS,
  aiChatSchema,
  generalSchema,
  myFatoorahSchema,
  testAiChatSchema,
  type AiProvider,
  type SettingKey,
} from '../../shared/admin.rules.js';
import { requireAdmin } from '../common/roles.js';
import type { User } from '../users/user.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { chatComplete, type ChatMessage, type ChatResult } from '../../integrations/ai/ai-client.js';
import { Setting } from './setting.entity.js';
import { ZATCA_MESSAGES } from '../../shared/zatca.rules.js';
import { decryptSecret, encryptSecret } from './secret-box.js';

// Other modules encrypt their own secrets at rest the same way (payout IBANs).
export { decryptSecret, encryptSecret };

/** What an admin sees of the payment gateway settings: never the key itself. */
interface MyFatoorahView {
  api_key_set: boolean;
  api_key_last4: string | null;
  test_mode: boolean;
  pci_certified: boolean;
  webhook_url: string;
  success_url: string;
  error_url: string;
}

interface AiChatView {
  api_key_set: boolean;
  api_key_last4: string | null;
  enabled: boolean;
  provider: AiProvider;
  model: string;
  system_prompt: string;
  temperature: number;
  max_tokens: number;
}

export type GeneralView = typeof GENERAL_DEFAULTS;

export type SettingView = MyFatoorahView | AiChatView | GeneralView;

/** Decrypted payment gateway configuration, for the payments module (server side only). */
export interface MyFatoorahConfig {
  apiKey: string | null;
  testMode: boolean;
  /** Only then may cards be typed into our own form (direct charge); otherwise MyFatoorah's embedded form. */
  pciCertified: boolean;
  webhookUrl: string | null;
  successUrl: string | null;
  errorUrl: string | null;
}

/** Decrypted AI assistant configuration (server side only). */
export interface AiChatConfig {
  apiKey: string | null;
  enabled: boolean;
  provider: AiProvider;
  model: string;
  systemPrompt: string;
  temperature: number;
  maxTokens: number;
}

export interface AiTestResult {
  success: boolean;
  model: string;
  response: string | null;
  error: string | null;
}

type Stored = Record<string, unknown> & { api_key_encrypted?: string };

const SECRET_FIELD = 'api_key_encrypted';
const DEFAULTS: Record<SettingKey, Record<string, unknown>> = {
  myfatoorah: MYFATOORAH_DEFAULTS,
  ai_chat: AI_DEFAULTS,
  general: GENERAL_DEFAULTS,
};
const SCHEMAS = { myfatoorah: myFatoorahSchema, ai_chat: aiChatSchema, general: generalSchema } as const;
const HAS_SECRET: Record<SettingKey, boolean> = { myfatoorah: true, ai_chat: true, general: false };

const isKey = (k: string): k is SettingKey => (SETTING_KEYS as readonly string[]).includes(k);

/**
 * Platform settings: key/value entries `myfatoorah`, `ai_chat`, `general`. API keys are encrypted at rest
 * (AES-256-GCM, key derived from ENCRYPTION_KEY) and leave the server only as "set" plus the last 4
 * characters. A save merges into the saved value: fields left out keep their value, and a save without a
 * new API key keeps the old one. Every change is written to the audit log (without the secret).
 *
 * Other modules read the decrypted configuration with `getMyFatoorah()` / `getAiChat()` / `getGeneral()`.
 */
export class SettingsService {
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {}

  private aad(key: SettingKey) {
    return `${key}.api_key`;
  }

  private async stored(key: SettingKey): Promise<Stored> {
    const row = await this.em.findOne(Setting, { key });
    return { ...DEFAULTS[key], ...((row?.value as Stored) ?? {}) };
  }

  private secretOf(key: SettingKey, stored: Stored): string | null {
    const enc = stored[SECRET_FIELD];
    return typeof enc === 'string' ? decryptSecret(enc, this.deps.env.encryptionKey, this.aad(key)) : null;
  }

  /** The public part of a stored value: known fields only, secrets replaced by set/last4. */
  private view(key: SettingKey, stored: Stored): SettingView {
    const out: Record<string, unknown> = {};
    for (const field of Object.keys(DEFAULTS[key])) out[field] = stored[field] ?? DEFAULTS[key][field];
    if (HAS_SECRET[key]) {
      const secret = this.secretOf(key, stored);
      out.api_key_set = typeof stored[SECRET_FIELD] === 'string';
      out.api_key_last4 = secret ? secret.slice(-4) : null;
    }
    return out as unknown as SettingView;
  }

  async list(actor: User): Promise<Array<{ key: SettingKey; value: SettingView }>> {
    requireAdmin(actor);
    const rows = await this.em.find(Setting, { key: { $in: [...SETTING_KEYS] } });
    const byKey = new Map(rows.map((r) => [r.key, r.value as Stored]));
    return SETTING_KEYS.map((key) => ({ key, value: this.view(key, { ...DEFAULTS[key], ...(byKey.get(key) ?? {}) }) }));
  }

  async get(actor: User, key: string): Promise<SettingView> {
    requireAdmin(actor);
    if (!isKey(key)) throw notFound(ADMIN_MESSAGES.unknownSetting);
    return this.view(key, await this.stored(key));
  }

  async update(actor: User, key: string, raw: unknown): Promise<SettingView> {
    requireAdmin(actor);
    if (!isKey(key)) throw notFound(ADMIN_MESSAGES.unknownSetting);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badInput('Settings must be an object');
    const current = await this.stored(key);
    const publicCurrent = Object.fromEntries(Object.keys(DEFAULTS[key]).map((f) => [f, current[f]]));
    const input = parse(SCHEMAS[key] as z.ZodType, { ...publicCurrent, ...(raw as object) }) as Record<string, unknown>;

    const next: Stored = {};
    for (const field of Object.keys(DEFAULTS[key])) next[field] = input[field];
    let secretChanged = false;
    if (HAS_SECRET[key]) {
      if (input.clear_api_key) {
        secretChanged = typeof current[SECRET_FIELD] === 'string';
      } else if (typeof input.api_key === 'string') {
        next[SECRET_FIELD] = encryptSecret(input.api_key, this.deps.env.encryptionKey, this.aad(key));
        secretChanged = true;
      } else if (typeof current[SECRET_FIELD] === 'string') {
        next[SECRET_FIELD] = current[SECRET_FIELD];
      }
    }

    const beforeView = this.view(key, current) as unknown as Record<string, unknown>;
    const afterView = this.view(key, next) as unknown as Record<string, unknown>;
    const changedFields = Object.keys(DEFAULTS[key]).filter((f) => JSON.stringify(current[f]) !== JSON.stringify(next[f]));
    if (!changedFields.length && !secretChanged) return afterView as unknown as SettingView;
    if (key === 'general') await this.keepZatcaSeller(changedFields, next);

    // The audit row says that a key changed and shows its last 4 characters, never the key.
    const snapshot = (v: Record<string, unknown>) => {
      const { api_key_last4: _l4, ...rest } = v;
      return rest;
    };
    const before = snapshot(beforeView);
    const after = { ...snapshot(afterView), ...(HAS_SECRET[key] ? { api_key_changed: secretChanged } : {}) };

    const row = (await this.em.findOne(Setting, { key })) ?? this.em.create(Setting, { key, value: {} });
    row.value = next;
    row.updatedBy = actor.id;
    this.em.persist(row);
    new AuditService(this.em, this.deps).record(actor, 'settings.update', 'setting', key, before, after);
    await this.em.flush();
    // The public pages show the platform's name, contact details and hours: drawn ones are forgotten here at once,
    // and on the other instances when the event reaches them.
    settingsSavedHere(this.deps);
    this.deps.bus.publish(SETTINGS_TOPICS.settingsChanged, { key } satisfies SettingsChangedEvent);
    return afterView as unknown as SettingView;
  }

  /**
   * The seller ZATCA onboarded is the General settings' (einvoice.service.ts `onboard`) and stays so: its VAT number
   * is in the unit's certificate, so it cannot change while the unit is active (onboarding again takes a new one);
   * a new platform name becomes the unit's too (its certificate renewals ask for it).
   */
  private async keepZatcaSeller(changed: string[], next: Stored): Promise<void> {
    const [unit] = await this.em
      .getConnection()
      .execute<Array<{ status: string }>>(`select status from zatca_onboarding where id = 1 and status in ('active', 'compliance')`);
    if (!unit) return;
    if (changed.includes('vat_number')) throw badInput(ZATCA_MESSAGES.vatNumberOnboarded, { field: 'vat_number' });
    if (changed.includes('platform_name'))
      await this.em
        .getConnection()
        .execute(`update zatca_onboarding set seller = jsonb_set(seller, '{name}', to_jsonb(?::text)), updated_at = now() where id = 1`, [
          String(next.platform_name),
        ]);
  }

  /** Payment gateway configuration with the decrypted API key, for the payments module. */
  async getMyFatoorah(): Promise<MyFatoorahConfig> {
    const s = await this.stored('myfatoorah');
    return {
      apiKey: this.secretOf('myfatoorah', s),
      testMode: s.test_mode !== false,
      pciCertified: s.pci_certified === true,
      webhookUrl: (s.webhook_url as string) || null,
      successUrl: (s.success_url as string) || null,
      errorUrl: (s.error_url as string) || null,
    };
  }

  async getAiChat(): Promise<AiChatConfig> {
    const s = await this.stored('ai_chat');
    return {
      apiKey: this.secretOf('ai_chat', s),
      enabled: s.enabled === true,
      provider: (s.provider as AiProvider) ?? AI_DEFAULTS.provider,
      model: (s.model as string) || AI_DEFAULTS.model,
      systemPrompt: (s.system_prompt as string) ?? '',
      temperature: typeof s.temperature === 'number' ? s.temperature : AI_DEFAULTS.temperature,
      maxTokens: typeof s.max_tokens === 'number' ? s.max_tokens : AI_DEFAULTS.max_tokens,
    };
  }

  /** Platform name, contact details, VAT number, business hours: public, shown across the site. */
  async getGeneral(): Promise<GeneralView> {
    return this.view('general', await this.stored('general')) as GeneralView;
  }

  /** Sends `messages` to the configured provider with the saved model, prompt, temperature and max tokens. */
  async chat(messages: ChatMessage[]): Promise<ChatResult & { model: string }> {
    const cfg = await this.getAiChat();
    if (!cfg.apiKey) return { ok: false, error: ADMIN_MESSAGES.noApiKey, model: cfg.model };
    const result = await chatComplete(
      {
        provider: cfg.provider,
        apiKey: cfg.apiKey,
        model: cfg.model,
        systemPrompt: cfg.systemPrompt,
        temperature: cfg.temperature,
        maxTokens: cfg.maxTokens,
        messages,
      },
      this.deps.env.ai,
    );
    return { ...result, model: result.ok ? result.model : cfg.model };
  }

  /** Admin › Settings › AI Assistant › Test: one message through the saved configuration. */
  async testAiChat(actor: User, raw: unknown): Promise<AiTestResult> {
    requireAdmin(actor);
    const { message } = parse(testAiChatSchema, raw);
    const result = await this.chat([{ role: 'user', content: message }]);
    return result.ok
      ? { success: true, model: result.model, response: result.text, error: null }
      : { success: false, model: result.model, response: null, error: result.error };
  }
}
