/**
 * Admin console rules: user role/status changes, settings (payment gateway, AI assistant, general),
 * the AI test message. The server parses with these schemas; the client imports the same limits and messages.
 */
import { z } from 'zod';

export const ROLES = ['regular', 'host_seller', 'admin'] as const;
export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const AI_PROVIDERS = ['openai', 'anthropic', 'google'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export const SETTING_KEYS = ['myfatoorah', 'ai_chat', 'general'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const AI_LIMITS = {
  temperatureMin: 0,
  temperatureMax: 2,
  temperatureStep: 0.1,
  maxTokensMin: 100,
  maxTokensMax: 4000,
  maxTokensStep: 100,
  modelMax: 100,
  systemPromptMax: 4000,
  testMessageMax: 2000,
  apiKeyMax: 500,
} as const;

export const AI_DEFAULTS = {
  enabled: false,
  provider: 'openai' as AiProvider,
  model: 'gpt-4',
  system_prompt: '',
  temperature: 0.7,
  max_tokens: 1000,
};

/** pci_certified: the admin declares the merchant account PCI DSS certified, which alone allows our own card form. */
export const MYFATOORAH_DEFAULTS = { test_mode: true, webhook_url: '', success_url: '', error_url: '', pci_certified: false };

export const GENERAL_LIMITS = { platformNameMax: 100, emailMax: 254, phoneMax: 32, addressMax: 300, businessHoursMax: 1000 } as const;

export const GENERAL_DEFAULTS = {
  platform_name: 'Mawarid',
  contact_email: '',
  contact_phone: '',
  address: '',
  vat_number: '',
  business_hours: '',
};

const USER_SEARCH_MAX = 100;

export const ADMIN_MESSAGES = {
  invalidRole: 'Role must be regular, host_seller or admin',
  invalidStatus: 'Status must be active, inactive or suspended',
  nothingToUpdate: 'Please choose a role or a status to change',
  selfDemote: 'You cannot remove your own admin role',
  selfDeactivate: 'You cannot suspend or deactivate your own account',
  lastAdmin: 'The platform must keep at least one active admin',
  userNotFound: 'User not found',
  unknownSetting: 'Unknown settings key',
  temperatureRange: `Temperature must be between ${AI_LIMITS.temperatureMin} and ${AI_LIMITS.temperatureMax}`,
  temperatureStep: `Temperature must be in steps of ${AI_LIMITS.temperatureStep}`,
  maxTokensRange: `Max tokens must be between ${AI_LIMITS.maxTokensMin} and ${AI_LIMITS.maxTokensMax}`,
  maxTokensStep: `Max tokens must be in steps of ${AI_LIMITS.maxTokensStep}`,
  invalidProvider: 'Provider must be openai, anthropic or google',
  modelRequired: 'Please enter a model name',
  invalidUrl: 'Please enter a valid URL (http:// or https://)',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  invalidVat: 'VAT registration number must be 15 digits, starting and ending with 3',
  platformNameRequired: 'Please enter the platform name',
  tooLong: 'This value is too long',
  testMessageRequired: 'Please enter a test message',
  noApiKey: 'Please save an API key first',
  invalidBoolean: 'Please choose yes or no',
} as const;

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
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .nullish()
    .transform((v) => v ?? 200),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((v) => v ?? 0),
});

export const pageSchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .nullish()
    .transform((v) => v ?? 50),
  offset: z.coerce
    .number()
    .int()
    .min(0)
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
  vat_number: z
    .string({ error: ADMIN_MESSAGES.invalidVat })
    .trim()
    .refine((v) => v === '' || /^3\d{13}3$/.test(v), ADMIN_MESSAGES.invalidVat),
  business_hours: text(GENERAL_LIMITS.businessHoursMax),
});

export const testAiChatSchema = z.object({
  message: z
    .string({ error: ADMIN_MESSAGES.testMessageRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.testMessageRequired)
    .max(AI_LIMITS.testMessageMax, ADMIN_MESSAGES.tooLong),
});

/** The visitors' assistant: a short conversation, the newest message last and from the user. */
export const ASSISTANT_LIMITS = { messagesMax: 20, messageMax: 2000, conversationMax: 12000 } as const;

export const ASSISTANT_MESSAGES = {
  unavailable: 'The assistant is not available right now',
  tooMany: 'You have sent many messages to the assistant. Please try again later.',
  messageRequired: 'Please type a message',
  tooLong: 'Your message is too long',
  failed: 'The assistant could not answer. Please try again later.',
} as const;

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
    .enum(['en', 'ar'])
    .nullish()
    .catch('en')
    .transform((v) => v ?? 'en'),
});
