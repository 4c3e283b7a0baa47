import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** Express's named ranges for `trust proxy`. */
const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/** One `trust proxy` entry: a preset, an address, or address/prefix (or IPv4 address/netmask). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_PRESETS.includes(entry)) return true;
  const [addr, range, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY takes Express's `trust proxy` values: `true`/`false`, a hop count, or a comma-separated list of
 * addresses, CIDR ranges and presets. Checked here so a typo stops start-up with a message.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((s) => !isProxyEntry(s));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `expected true, false, a hop count, or comma-separated addresses/CIDRs (loopback, linklocal, uniquelocal allowed); not valid: ${bad.join(', ') || '(empty)'}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_ENDPOINT: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  MIGRATE_ON_START: bool.default(true),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Mawarid <no-reply@mawarid.sa>'),
  APP_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_EXPIRES_IN: z.string().default('7d'),
  EMAIL_VERIFICATION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  ENCRYPTION_KEY: z.string().min(32).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: bool.optional(),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxy.default(['loopback']),
  CSP_CONNECT_ORIGINS: z.string().optional(),
  CLIENT_DIST: z.string().optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  REGISTER_MAX_PER_HOUR: z.coerce.number().int().positive().default(10),
  MYFATOORAH_BASE_URL: z.string().url().optional(),
  MYFATOORAH_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** How long we wait for one MyFatoorah call before treating its outcome as unknown. */
  MYFATOORAH_TIMEOUT_MS: z.coerce.number().int().positive().default(20000),
  /** Days a verified MyFatoorah webhook is kept in `webhook_events` (the finance timeline) before the worker deletes it. */
  WEBHOOK_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  /** Lifetime of a payment session (hosted page invoice); an in-flight attempt keeps its booking's hold this long. */
  PAYMENT_SESSION_MINUTES: z.coerce.number().int().positive().default(20),
  /** ZATCA e-invoicing phase 2: which Fatoora environment onboarding and submission use; unset = phase 1 only. */
  ZATCA_ENV: z.enum(['simulation', 'production']).optional(),
  /** Overrides the Fatoora API base URL of ZATCA_ENV (tests use a local fake). */
  ZATCA_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  AI_OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  AI_ANTHROPIC_BASE_URL: z.string().url().default('https://api.anthropic.com/v1'),
  AI_GOOGLE_BASE_URL: z.string().url().default('https://generativelanguage.googleapis.com/v1beta'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  AI_CHAT_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** `off`: this process serves requests and queues background jobs but runs none (`npm run worker` does). */
  WORKER: z.enum(['on', 'off']).default('on'),
  /** Outgoing mail: attempts after the first, and the first retry's delay (doubling each time, with jitter). */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(10),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long after the first unread message its recipient's digest mail waits (unless they read it meanwhile). */
  MESSAGE_DIGEST_DELAY_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  /** `GET /metrics` on the app's port answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().trim().min(16, 'at least 16 characters').optional(),
  /** A listener of its own serving `GET /metrics` without a token (a port only the scraper can reach). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

/** STORAGE=s3: listing pictures and private files in one bucket (see storage/). */
export interface S3Storage {
  kind: 's3';
  bucket: string;
  region: string;
  /** An S3-compatible store's URL (MinIO …); buckets are then addressed by path. Unset: AWS S3. */
  endpoint?: string;
  /** Both or neither; neither means the AWS SDK's default credential chain (instance or pod role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}
type Storage = { kind: 'disk' } | S3Storage;

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Where listing pictures and private files live: DATA_DIR (default) or an S3-API bucket. */
  storage: Storage;
  databaseUrl?: string;
  /** Apply pending migrations at start (default); false: only check, for deployments that run `npm run migrate`. */
  migrateOnStart: boolean;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  /** How long an email verification link works (24 h; shorter only in tests of the expired-link view). */
  emailVerificationTtlSeconds: number;
  encryptionKey: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  corsOrigins: string[];
  /** Express's `trust proxy`: which hops may set X-Forwarded-For/-Proto (client address, https). Default loopback. */
  trustProxy: boolean | number | string[];
  /** Origins besides APP_URL the pages may connect to (backends the client fails over to). */
  cspConnectOrigins: string[];
  clientDist: string;
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** Registration attempts one client address may make per hour. */
  registerMaxPerHour: number;
  logLevel: 'silent' | 'error' | 'info' | 'debug';
  /** AI providers' API base URLs (overridable so tests talk to local fakes) and the request time-out. */
  ai: { openaiBaseUrl: string; anthropicBaseUrl: string; googleBaseUrl: string; timeoutMs: number };
  /** Overrides MyFatoorah's base URL (tests use a local fake). */
  myFatoorahBaseUrl?: string;
  /** The webhook secret key from the MyFatoorah portal (Integration Settings → Webhook). */
  myFatoorahWebhookSecret?: string;
  myFatoorahTimeoutMs: number;
  /** Days verified webhooks are kept (WEBHOOK_EVENTS_RETENTION_DAYS); older ones are deleted by `webhook-events.prune`. */
  webhookEventsRetentionDays: number;
  paymentSessionMinutes: number;
  /** ZATCA phase 2 (ZATCA_ENV, ZATCA_BASE_URL); undefined: invoices stay phase 1. */
  zatca?: { environment: 'simulation' | 'production'; baseUrl?: string };
  /** Messages each visitor may send the chat assistant per hour. */
  aiChatLimitPerHour: number;
  /** Whether this process runs background jobs (WORKER, default on); web instances of a fleet run with it off. */
  worker: boolean;
  mailRetry: { limit: number; delaySeconds: number };
  /** Seconds between the first unread message and its recipient's digest mail (MESSAGE_DIGEST_DELAY_SECONDS). */
  messageDigestDelaySeconds: number;
  /** Prometheus metrics: the bearer token for `/metrics` on PORT, and/or a port serving them without one. Neither: off. */
  metrics: { token?: string; port?: number };
}

export class EnvError extends Error {}

/** Secrets generated once in development and kept in the data folder, so restarts keep sessions. */
function devSecret(dataDir: string, name: 'jwtSecret' | 'encryptionKey'): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('hex');
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

/** S3 bucket names: 3–63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The S3_* variables, checked together so a half-configured bucket stops start-up with every problem listed. */
function storageOf(e: z.output<typeof schema>): Storage {
  const set = (['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => e[k]);
  if (e.STORAGE === 'disk') {
    if (set.length)
      throw new EnvError(
        `Invalid environment:\n  STORAGE: ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set but STORAGE is disk; set STORAGE=s3 to keep files in the bucket, or remove ${set.length > 1 ? 'them' : 'it'}`,
      );
    return { kind: 'disk' };
  }
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  else if (!BUCKET_NAME.test(e.S3_BUCKET))
    problems.push(`S3_BUCKET: not a valid bucket name: ${e.S3_BUCKET} (3-63 lowercase letters, digits, dots, hyphens)`);
  if (e.S3_ENDPOINT && (!URL.canParse(e.S3_ENDPOINT) || !/^https?:$/.test(new URL(e.S3_ENDPOINT).protocol)))
    problems.push(`S3_ENDPOINT: not an http(s) URL: ${e.S3_ENDPOINT}`);
  if (!e.S3_REGION && !e.S3_ENDPOINT)
    problems.push('S3_REGION: required when STORAGE=s3 (e.g. me-central-1); optional only with S3_ENDPOINT');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY)
    problems.push(
      `${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or set neither to use the instance's role)`,
    );
  if (problems.length) throw new EnvError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    // S3-compatible stores ignore the region but the request signature needs one.
    region: e.S3_REGION || 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, '') || undefined,
    accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
  };
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  if (isProduction) {
    const missing = (['JWT_SECRET', 'ENCRYPTION_KEY', 'DATABASE_URL', 'APP_URL'] as const).filter((k) => !e[k]);
    if (missing.length) throw new EnvError(`Missing required environment in production: ${missing.join(', ')}`);
  }
  // The embedded database lives inside this process: nothing else could run its jobs.
  if (e.WORKER === 'off' && !e.DATABASE_URL)
    throw new EnvError(
      'Invalid environment:\n  WORKER: off needs DATABASE_URL (a separate `npm run worker` cannot reach the embedded database)',
    );
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new EnvError('Invalid environment:\n  METRICS_PORT: must differ from PORT (on PORT, /metrics is served with METRICS_TOKEN)');
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const connectOrigins = (e.CSP_CONNECT_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const badOrigin = connectOrigins.find((o) => !URL.canParse(o) || !/^https?:$/.test(new URL(o).protocol));
  if (badOrigin) throw new EnvError(`Invalid environment:\n  CSP_CONNECT_ORIGINS: not an http(s) origin: ${badOrigin}`);
  const storage = storageOf(e);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    storage,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    jwtSecret: e.JWT_SECRET ?? devSecret(dataDir, 'jwtSecret'),
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    emailVerificationTtlSeconds: e.EMAIL_VERIFICATION_TTL_SECONDS,
    encryptionKey: e.ENCRYPTION_KEY ?? devSecret(dataDir, 'encryptionKey'),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cspConnectOrigins: connectOrigins,
    clientDist: resolve(e.CLIENT_DIST ?? 'client/dist'),
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    registerMaxPerHour: e.REGISTER_MAX_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    ai: {
      openaiBaseUrl: e.AI_OPENAI_BASE_URL,
      anthropicBaseUrl: e.AI_ANTHROPIC_BASE_URL,
      googleBaseUrl: e.AI_GOOGLE_BASE_URL,
      timeoutMs: e.AI_TIMEOUT_MS,
    },
    myFatoorahBaseUrl: e.MYFATOORAH_BASE_URL,
    myFatoorahWebhookSecret: e.MYFATOORAH_WEBHOOK_SECRET,
    myFatoorahTimeoutMs: e.MYFATOORAH_TIMEOUT_MS,
    webhookEventsRetentionDays: e.WEBHOOK_EVENTS_RETENTION_DAYS,
    paymentSessionMinutes: e.PAYMENT_SESSION_MINUTES,
    zatca: e.ZATCA_ENV ? { environment: e.ZATCA_ENV, baseUrl: e.ZATCA_BASE_URL } : undefined,
    aiChatLimitPerHour: e.AI_CHAT_LIMIT_PER_HOUR,
    worker: e.WORKER === 'on',
    mailRetry: { limit: e.MAIL_RETRY_LIMIT, delaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
    messageDigestDelaySeconds: e.MESSAGE_DIGEST_DELAY_SECONDS,
    metrics: { token: e.METRICS_TOKEN || undefined, port: e.METRICS_PORT },
  };
}
