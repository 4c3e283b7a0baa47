import { Router } from 'express';
import { route } from '../../rest/http.js';
import { ASSISTANT_MESSAGES } from '../../shared/admin.rules.js';

/**
 * GET /api/assistant → {enabled}. POST /api/assistant/chat {messages, locale} → text/event-stream:
 * `event: delta` {text} as the answer is written, then `event: done` {} or `event: error` {error}.
 * Input, "turned off" and rate-limit failures answer before the stream as usual JSON errors (400/404/429).
 */
export function assistantRoutes(log: (msg: string, err?: unknown) => void = () => {}): Router {
  const r = Router();
  r.get(
    '/assistant',
    route((req) => req.ctx.services.assistant.status()),
  );
  r.post(
    '/assistant/chat',
    route(async (req, res) => {
      const run = await req.ctx.services.assistant.prepare({ userId: req.ctx.user?.id, ip: req.ctx.ip }, req.body);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      // A visitor who closes the chat stops the provider's generation too (it is billed per token).
      const gone = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      const result = await run((text) => send('delta', { text }), gone.signal);
      if (gone.signal.aborted) return void res.end();
      if (result.ok) send('done', {});
      else {
        // The provider's own message (which may name keys or quotas) stays in the server log.
        log(`[assistant] provider failure: ${result.error}`);
        send('error', { error: ASSISTANT_MESSAGES.failed, message_key: 'assistant.failed' });
      }
      res.end();
    }),
  );
  return r;
}
