/**
 * Admin console rules: user role/status changes, settings (payment gateway, AI assistant, general),
 * the AI test message. The server parses with these schemas; the client imports the same limits and messages.
 */
import { z } from 'zod';
import { numberInput } from './rules.js';
import {
  ROLES,
  USER_STATUSES,
  AI_PROVIDERS,
  AI_LIMITS,
  GENERAL_LIMITS,
  ADMIN_MESSAGES,
  ASSISTANT_LIMITS,
  ASSISTANT_MESSAGES,
} from './admin.messages.js';

// The limits, values and messages live in a zod-free module (the client's first page reads the messages).
export {
  ROLES,
  USER_STATUSES,
  AI_PROVIDERS,
  SETTING_KEYS,
  AI_LIMITS,
  AI_DEFAULTS,
  MYFATOORAH_DEFAULTS,
  GENERAL_LIMITS,
  GENERAL_DEFAULTS,
  ADMIN_MESSAGES,
  ASSISTANT_MESSAGES,
} from './admin.messages.js';
import { LOCALES } from './locale.js';
export type { AiProvider, SettingKey } from './admin.messages.js';

const USER_SEARCH_MAX = 100;

const text = (max: number) => z.string({ error: ADMIN_MESSAGES.tooLong }).trim().max(max, ADMIN_MESSAGES.tooLong);
const bool = z.boolean({ error: ADMIN_MESSAGES.invalidBoolean });

/** Empty string allowed (not configured); otherwise an http(s) URL. */
const optionalUrl = z
  .string({ error: ADMIN_MESSAGES.invalidUrl })
  .trim()
  .max(500, ADMIN_MESSAGES.tooLong)
  .refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, ADMIN_MESSAGES.invalidUrl);

/** A new API key: absent or empty means "keep the saved one". */
const apiKeyInput = z
  .string({ error: ADMIN_MESSAGES.tooLong })
  .trim()
  .max(AI_LIMITS.apiKeyMax, ADMIN_MESSAGES.tooLong)
  .nullish()
  .transform((v) => v || undefined);

export const adminUserUpdateSchema = z
  .object({
    role: z.enum(ROLES, { error: ADMIN_MESSAGES.invalidRole }).optional(),
    status: z.enum(USER_STATUSES, { error: ADMIN_MESSAGES.invalidStatus }).optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, ADMIN_MESSAGES.nothingToUpdate);

export const userSearchSchema = z.object({
  search: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX)
    .nullish()
    .transform((v) => v || undefined),
  limit: numberInput(z.number().int().min(1).max(500))
    .nullish()
    .transform((v) => v ?? 200),
  offset: numberInput(z.number().int().min(0))
    .nullish()
    .transform((v) => v ?? 0),
});

export const pageSchema = z.object({
  limit: numberInput(z.number().int().min(1).max(200))
    .nullish()
    .transform((v) => v ?? 50),
  offset: numberInput(z.number().int().min(0))
    .nullish()
    .transform((v) => v ?? 0),
  entity_type: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => v || undefined),
});

/** Is `value` a whole multiple of `step` (within floating-point noise)? */
const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

const temperatureSchema = z
  .number({ error: ADMIN_MESSAGES.temperatureRange })
  .min(AI_LIMITS.temperatureMin, ADMIN_MESSAGES.temperatureRange)
  .max(AI_LIMITS.temperatureMax, ADMIN_MESSAGES.temperatureRange)
  .refine((v) => onStep(v, AI_LIMITS.temperatureStep), ADMIN_MESSAGES.temperatureStep)
  .transform((v) => Math.round(v * 10) / 10);

const maxTokensSchema = z
  .number({ error: ADMIN_MESSAGES.maxTokensRange })
  .int(ADMIN_MESSAGES.maxTokensStep)
  .min(AI_LIMITS.maxTokensMin, ADMIN_MESSAGES.maxTokensRange)
  .max(AI_LIMITS.maxTokensMax, ADMIN_MESSAGES.maxTokensRange)
  .refine((v) => onStep(v, AI_LIMITS.maxTokensStep), ADMIN_MESSAGES.maxTokensStep);

/** The full, stored shape of each key (secrets apart). Missing fields of a save are taken from the saved value. */
export const myFatoorahSchema = z.object({
  api_key: apiKeyInput,
  clear_api_key: z.boolean().optional(),
  test_mode: bool,
  pci_certified: bool,
  webhook_url: optionalUrl,
  success_url: optionalUrl,
  error_url: optionalUrl,
});

export const aiChatSchema = z.object({
  api_key: apiKeyInput,
  clear_api_key: z.boolean().optional(),
  enabled: bool,
  provider: z.enum(AI_PROVIDERS, { error: ADMIN_MESSAGES.invalidProvider }),
  model: z
    .string({ error: ADMIN_MESSAGES.modelRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.modelRequired)
    .max(AI_LIMITS.modelMax, ADMIN_MESSAGES.tooLong),
  system_prompt: text(AI_LIMITS.systemPromptMax),
  temperature: temperatureSchema,
  max_tokens: maxTokensSchema,
});

export const generalSchema = z.object({
  platform_name: z
    .string({ error: ADMIN_MESSAGES.platformNameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.platformNameRequired)
    .max(GENERAL_LIMITS.platformNameMax, ADMIN_MESSAGES.tooLong),
  contact_email: z
    .string({ error: ADMIN_MESSAGES.invalidEmail })
    .trim()
    .max(GENERAL_LIMITS.emailMax, ADMIN_MESSAGES.invalidEmail)
    .refine((v) => v === '' || z.email().safeParse(v).success, ADMIN_MESSAGES.invalidEmail),
  contact_phone: z
    .string({ error: ADMIN_MESSAGES.invalidPhone })
    .trim()
    .max(GENERAL_LIMITS.phoneMax, ADMIN_MESSAGES.invalidPhone)
    .regex(/^[+0-9 ()-]*$/, ADMIN_MESSAGES.invalidPhone),
  address: text(GENERAL_LIMITS.addressMax),
  address_ar: text(GENERAL_LIMITS.addressMax),
  vat_number: z
    .string({ error: ADMIN_MESSAGES.invalidVat })
    .trim()
    .refine((v) => v === '' || /^3\d{13}3$/.test(v), ADMIN_MESSAGES.invalidVat),
  business_hours: text(GENERAL_LIMITS.businessHoursMax),
  business_hours_ar: text(GENERAL_LIMITS.businessHoursMax),
});

export const testAiChatSchema = z.object({
  message: z
    .string({ error: ADMIN_MESSAGES.testMessageRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.testMessageRequired)
    .max(AI_LIMITS.testMessageMax, ADMIN_MESSAGES.tooLong),
});

export const assistantChatSchema = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant'], { error: ASSISTANT_MESSAGES.messageRequired }),
        content: z
          .string({ error: ASSISTANT_MESSAGES.messageRequired })
          .trim()
          .min(1, ASSISTANT_MESSAGES.messageRequired)
          .max(ASSISTANT_LIMITS.messageMax, ASSISTANT_MESSAGES.tooLong),
      }),
      { error: ASSISTANT_MESSAGES.messageRequired },
    )
    .min(1, ASSISTANT_MESSAGES.messageRequired)
    .transform((m) => m.slice(-ASSISTANT_LIMITS.messagesMax))
    .refine((m) => m[m.length - 1]?.role === 'user', ASSISTANT_MESSAGES.messageRequired)
    .refine((m) => m.reduce((n, x) => n + x.content.length, 0) <= ASSISTANT_LIMITS.conversationMax, ASSISTANT_MESSAGES.tooLong),
  locale: z
    .enum(LOCALES)
    .nullish()
    .catch('en')
    .transform((v) => v ?? 'en'),
});
