/**
 * Chat completion through the public HTTP API of each supported provider. One request, one answer; every
 * failure (bad key, rate limit, provider error, network, timeout) becomes `{ ok: false, error }` with a
 * message an admin can act on — never an exception.
 *
 *  - OpenAI:    POST {base}/chat/completions            (Authorization: Bearer <key>)
 *  - Anthropic: POST {base}/messages                     (x-api-key, anthropic-version: 2023-06-01)
 *  - Google:    POST {base}/models/{model}:generateContent (x-goog-api-key)
 *
 * Base URLs come from the environment (AI_OPENAI_BASE_URL, AI_ANTHROPIC_BASE_URL, AI_GOOGLE_BASE_URL) so
 * tests run against local fake servers speaking the same protocols.
 */

/** A provider's answer: untyped JSON, read defensively (every field through optional chaining and a type check). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- three providers' shapes; checked where read
type Json = any;
import type { AiProvider } from '../../shared/admin.rules.js';

export interface AiEndpoints {
  openaiBaseUrl: string;
  anthropicBaseUrl: string;
  googleBaseUrl: string;
  timeoutMs: number;
}

const DEFAULT_AI_ENDPOINTS: AiEndpoints = {
  openaiBaseUrl: 'https://api.openai.com/v1',
  anthropicBaseUrl: 'https://api.anthropic.com/v1',
  googleBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  timeoutMs: 30_000,
};

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  provider: AiProvider;
  apiKey: string;
  model: string;
  systemPrompt: string;
  temperature: number;
  maxTokens: number;
  messages: ChatMessage[];
}

export type ChatResult = { ok: true; text: string; model: string } | { ok: false; error: string; status?: number };

const PROVIDER_NAMES: Record<AiProvider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google Gemini' };
const ANTHROPIC_VERSION = '2023-06-01';

const trimSlash = (u: string) => u.replace(/\/+$/, '');

interface HttpCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  pick(json: Json): { text: string; model?: string } | null;
}

function buildCall(req: ChatRequest, ep: AiEndpoints, stream = false): HttpCall {
  switch (req.provider) {
    case 'openai':
      return {
        url: `${trimSlash(ep.openaiBaseUrl)}/chat/completions`,
        headers: { authorization: `Bearer ${req.apiKey}` },
        body: {
          ...(stream ? { stream: true } : {}),
          model: req.model,
          messages: [...(req.systemPrompt ? [{ role: 'system', content: req.systemPrompt }] : []), ...req.messages],
          temperature: req.temperature,
          max_tokens: req.maxTokens,
        },
        pick: (j) => {
          const text = j?.choices?.[0]?.message?.content;
          return typeof text === 'string' ? { text, model: j.model } : null;
        },
      };
    case 'anthropic':
      return {
        url: `${trimSlash(ep.anthropicBaseUrl)}/messages`,
        headers: { 'x-api-key': req.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        body: {
          ...(stream ? { stream: true } : {}),
          model: req.model,
          max_tokens: req.maxTokens,
          ...(req.systemPrompt ? { system: req.systemPrompt } : {}),
          messages: req.messages,
          // Anthropic accepts 0–1; our setting goes to 2 (OpenAI's range), so it is capped here.
          temperature: Math.min(req.temperature, 1),
        },
        pick: (j) => {
          if (!Array.isArray(j?.content)) return null;
          const text = j.content
            .filter((c: Json) => c?.type === 'text')
            .map((c: Json) => c.text)
            .join('');
          return { text, model: j.model };
        },
      };
    case 'google':
      return {
        url: `${trimSlash(ep.googleBaseUrl)}/models/${encodeURIComponent(req.model)}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
        headers: { 'x-goog-api-key': req.apiKey },
        body: {
          ...(req.systemPrompt ? { systemInstruction: { parts: [{ text: req.systemPrompt }] } } : {}),
          contents: req.messages.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] })),
          generationConfig: { temperature: req.temperature, maxOutputTokens: req.maxTokens },
        },
        pick: (j) => {
          const parts = j?.candidates?.[0]?.content?.parts;
          if (!Array.isArray(parts)) return null;
          return { text: parts.map((p: Json) => (typeof p?.text === 'string' ? p.text : '')).join(''), model: j.modelVersion };
        },
      };
  }
}

/** The provider's own error text, from any of the three documented error shapes. */
function providerMessage(json: Json, raw: string): string {
  const m = json?.error?.message ?? json?.message ?? (typeof json?.error === 'string' ? json.error : undefined);
  const text = typeof m === 'string' && m ? m : raw.slice(0, 200);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

type Sent = { ok: true; res: Response } | { ok: false; error: string; status?: number };

async function send(req: ChatRequest, ep: AiEndpoints, call: HttpCall, accept: string, cancel?: AbortSignal): Promise<Sent> {
  const name = PROVIDER_NAMES[req.provider];
  const redact = (s: string) => (req.apiKey ? s.split(req.apiKey).join('[redacted]') : s);
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, ...call.headers },
      body: JSON.stringify(call.body),
      signal: cancel ? AbortSignal.any([AbortSignal.timeout(ep.timeoutMs), cancel]) : AbortSignal.timeout(ep.timeoutMs),
    });
  } catch (err) {
    return { ok: false, error: failureMessage(name, err, ep) };
  }
  if (res.ok) return { ok: true, res };

  let raw = '';
  try {
    raw = await res.text();
  } catch {
    /* body lost */
  }
  let json: Json = null;
  try {
    json = JSON.parse(raw);
  } catch {
    /* not JSON */
  }
  const detail = redact(providerMessage(json, raw));
  const status = res.status;
  if (status === 401 || status === 403)
    return { ok: false, status, error: `${name} rejected the API key (${status})${detail ? `: ${detail}` : ''}` };
  if (status === 429)
    return {
      ok: false,
      status,
      error: `${name} is rate limiting requests or the quota is used up (429). Try again later.${detail ? ` ${detail}` : ''}`,
    };
  // Gemini answers a bad key with 400 API_KEY_INVALID.
  if (req.provider === 'google' && status === 400 && /api key/i.test(detail))
    return { ok: false, status, error: `${name} rejected the API key (${status}): ${detail}` };
  return { ok: false, status, error: `${name} answered with an error (${status})${detail ? `: ${detail}` : ''}` };
}

function failureMessage(name: string, err: unknown, ep: AiEndpoints): string {
  const e = err as { name?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return `${name} did not answer within ${Math.round(ep.timeoutMs / 1000)} seconds`;
  const why = e?.cause?.code ?? e?.cause?.message ?? 'network error';
  return `Could not reach ${name} (${why})`;
}

export async function chatComplete(req: ChatRequest, ep: AiEndpoints = DEFAULT_AI_ENDPOINTS): Promise<ChatResult> {
  const name = PROVIDER_NAMES[req.provider];
  const call = buildCall(req, ep);
  const sent = await send(req, ep, call, 'application/json');
  if (!sent.ok) return sent;
  let json: Json = null;
  try {
    json = JSON.parse(await sent.res.text());
  } catch (err) {
    const e = err as { name?: string };
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { ok: false, error: failureMessage(name, err, ep) };
  }
  const picked = json ? call.pick(json) : null;
  if (!picked) return { ok: false, error: `${name} sent an answer we could not read` };
  return { ok: true, text: picked.text, model: picked.model || req.model };
}

/** One text piece of a streamed answer, from one server-sent event of each provider's stream. */
function streamDelta(provider: AiProvider, json: Json): { text?: string; model?: string; error?: string } {
  switch (provider) {
    case 'openai':
      return { text: json?.choices?.[0]?.delta?.content ?? undefined, model: json?.model };
    case 'anthropic':
      if (json?.type === 'error') return { error: json?.error?.message ?? 'stream error' };
      if (json?.type === 'message_start') return { model: json?.message?.model };
      if (json?.type === 'content_block_delta' && json?.delta?.type === 'text_delta') return { text: json.delta.text };
      return {};
    case 'google': {
      const parts = json?.candidates?.[0]?.content?.parts;
      const text = Array.isArray(parts) ? parts.map((p: Json) => (typeof p?.text === 'string' ? p.text : '')).join('') : undefined;
      return { text, model: json?.modelVersion };
    }
  }
}

/**
 * The same request with streaming on (OpenAI and Anthropic `stream: true`, Gemini `streamGenerateContent?alt=sse`):
 * `onText` gets each piece as the provider writes it. Resolves with the whole text, or the failure.
 */
export async function chatStream(
  req: ChatRequest,
  ep: AiEndpoints,
  onText: (text: string) => void,
  cancel?: AbortSignal,
): Promise<ChatResult> {
  const name = PROVIDER_NAMES[req.provider];
  const call = buildCall(req, ep, true);
  const sent = await send(req, ep, call, 'text/event-stream', cancel);
  if (!sent.ok) return sent;
  let full = '';
  let model = req.model;
  let buffer = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of sent.res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (!data || data === '[DONE]') continue;
        let json: Json;
        try {
          json = JSON.parse(data);
        } catch {
          continue;
        }
        const d = streamDelta(req.provider, json);
        if (d.error) return { ok: false, error: `${name} stopped with an error: ${d.error.slice(0, 300)}` };
        if (d.model) model = d.model;
        if (d.text) {
          full += d.text;
          onText(d.text);
        }
      }
    }
  } catch (err) {
    return { ok: false, error: failureMessage(name, err, ep) };
  }
  return { ok: true, text: full, model };
}
