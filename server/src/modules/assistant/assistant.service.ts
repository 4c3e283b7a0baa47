import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { notFound, tooManyRequests } from '../common/errors.js';
import { ASSISTANT_MESSAGES, assistantChatSchema } from '../../shared/admin.rules.js';
import { chatStream, type ChatResult } from '../../integrations/ai/ai-client.js';
import { SettingsService } from '../settings/settings.service.js';
import { platformContext } from './platform-facts.js';
import { createLimiter } from '../common/rate-limits.js';
import { catalogueSummary } from './catalogue.js';

/**
 * Messages per visitor (user id, or IP for visitors) per hour. In Redis when REDIS_URL is set, so the allowance
 * holds across instances and restarts; else in process memory. One limiter per app (Deps).
 */
const limiters = new WeakMap<Deps, RateLimiterAbstract>();
const limiterFor = (deps: Deps) => {
  let l = limiters.get(deps);
  if (!l) limiters.set(deps, (l = createLimiter(deps.redis, 'assistant', deps.env.aiChatLimitPerHour, 3600)));
  return l;
};

export interface Visitor {
  userId?: string | null;
  ip: string;
}

/**
 * The visitors' chat assistant (when ai_chat is enabled and a key is saved): answers questions about the
 * platform in the visitor's language, streamed as the provider writes it. Each visitor may send
 * AI_CHAT_LIMIT_PER_HOUR messages an hour so the provider bill stays bounded (and max_tokens caps each answer).
 */
export class AssistantService {
  private settings: SettingsService;
  constructor(
    private em: EntityManager,
    private deps: Deps,
  ) {
    this.settings = new SettingsService(em, deps);
  }

  async status(): Promise<{ enabled: boolean }> {
    const cfg = await this.settings.getAiChat();
    return { enabled: cfg.enabled && !!cfg.apiKey };
  }

  /**
   * Checks the request (input, assistant on, visitor's allowance) and returns the call to run; throws a typed
   * error (400/404/429) before anything is streamed.
   */
  async prepare(visitor: Visitor, raw: unknown): Promise<(onText: (t: string) => void, cancel?: AbortSignal) => Promise<ChatResult>> {
    const input = parse(assistantChatSchema, raw);
    const cfg = await this.settings.getAiChat();
    if (!cfg.enabled || !cfg.apiKey) throw notFound(ASSISTANT_MESSAGES.unavailable);
    try {
      await limiterFor(this.deps).consume(visitor.userId ? `u:${visitor.userId}` : `ip:${visitor.ip}`);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyRequests(ASSISTANT_MESSAGES.tooMany, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
    const general = await this.settings.getGeneral();
    // The live catalogue (active listings only); without it the assistant still answers from the fixed facts.
    const catalogue = await catalogueSummary(this.em, this.deps).catch((err) => {
      console.error('[assistant] catalogue summary failed', err);
      return '';
    });
    const systemPrompt = [cfg.systemPrompt, platformContext(general, input.locale), catalogue].filter(Boolean).join('\n\n');
    const apiKey = cfg.apiKey;
    return (onText, cancel) =>
      chatStream(
        {
          provider: cfg.provider,
          apiKey,
          model: cfg.model,
          systemPrompt,
          temperature: cfg.temperature,
          maxTokens: cfg.maxTokens,
          messages: input.messages,
        },
        this.deps.env.ai,
        onText,
        cancel,
      );
  }
}
