import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Deps } from '../../deps.js';
import { parse } from '../common/validate.js';
import { notFound, tooManyRequests } from '../common/errors.js';
import { ASSISTANT_MESSAGES, assistantChatSchema } from '../../shared/admin.rules.js';
import { chatStream, type ChatResult } from '../../integrations/ai/ai-client.js';
import { SettingsService } from '../settings/settings.service.js';
import { platformContext } from './platform-facts.js';

/** Messages per visitor (user id, or IP for visitors) per hour; one limiter per app instance. */
const limiters = new WeakMap<Deps, RateLimiterMemory>();
const limiterFor = (deps: Deps) => {
  let l = limiters.get(deps);
  if (!l) limiters.set(deps, (l = new RateLimiterMemory({ keyPrefix: 'assistant', points: deps.env.aiChatLimitPerHour, duration: 3600 })));
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
  constructor(private em: EntityManager, private deps: Deps) {
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
    const systemPrompt = [cfg.systemPrompt, platformContext(general, input.locale)].filter(Boolean).join('\n\n');
    const apiKey = cfg.apiKey;
    return (onText, cancel) =>
      chatStream(
        { provider: cfg.provider, apiKey, model: cfg.model, systemPrompt, temperature: cfg.temperature, maxTokens: cfg.maxTokens, messages: input.messages },
        this.deps.env.ai,
        onText,
        cancel,
      );
  }
}
