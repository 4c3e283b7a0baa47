/**
 * The admin console's and the assistant's limits, values and messages without their schemas: zod-free, so the
 * client's first page can translate a server message by key (server-messages.ts) without loading zod.
 * admin.rules.ts re-exports them.
 */
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
  /** The address and hours as Arabic pages show them; empty: those pages show the ones above. */
  address_ar: '',
  vat_number: '',
  business_hours: '',
  business_hours_ar: '',
};

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

/** The visitors' assistant: a short conversation, the newest message last and from the user. */
export const ASSISTANT_LIMITS = { messagesMax: 20, messageMax: 2000, conversationMax: 12000 } as const;

export const ASSISTANT_MESSAGES = {
  unavailable: 'The assistant is not available right now',
  tooMany: 'You have sent many messages to the assistant. Please try again later.',
  messageRequired: 'Please type a message',
  tooLong: 'Your message is too long',
  failed: 'The assistant could not answer. Please try again later.',
} as const;
