import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for the three AI providers, speaking their documented HTTP protocols:
 *   POST /openai/v1/chat/completions                   Authorization: Bearer <key>
 *   POST /anthropic/v1/messages                        x-api-key, anthropic-version
 *   POST /google/v1beta/models/{model}:generateContent x-goog-api-key
 * A request with `validKey` gets an answer that echoes the last user message ("Echo: …"); another key gets
 * each provider's real "invalid key" error. `failNext` / `delayNext` simulate rate limits and slow answers.
 * Every request is recorded (path, headers, body) so tests can check what was sent.
 */
interface FakeAiRequest {
  provider: 'openai' | 'anthropic' | 'google';
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export async function startFakeAi(opts: { validKey?: string; port?: number } = {}) {
  const validKey = opts.validKey ?? 'sk-test-valid-key-1234';
  const requests: FakeAiRequest[] = [];
  let failNext: { status: number } | null = null;
  let delayNext = 0;
  /** Streams whose client hung up before the end. */
  let abortedStreams = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** A streamed answer: the text in word-sized pieces, in the provider's server-sent event format. */
  const stream = async (res: ServerResponse, provider: 'openai' | 'anthropic' | 'google', model: string, text: string) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const pieces = text.match(/\S+\s*/g) ?? [text];
    const event = (name: string | null, data: unknown) =>
      res.write(`${name ? `event: ${name}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    if (provider === 'anthropic') {
      event('message_start', {
        type: 'message_start',
        message: { id: 'msg_fake', type: 'message', role: 'assistant', model, content: [] },
      });
      event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    }
    for (const piece of pieces) {
      if (res.destroyed) {
        abortedStreams++;
        return;
      }
      if (provider === 'openai')
        event(null, {
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          model,
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        });
      else if (provider === 'anthropic')
        event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
      else event(null, { candidates: [{ content: { role: 'model', parts: [{ text: piece }] }, index: 0 }], modelVersion: model });
      await new Promise((r) => setTimeout(r, 20));
    }
    if (provider === 'openai') event(null, '[DONE]');
    if (provider === 'anthropic') {
      event('content_block_stop', { type: 'content_block_stop', index: 0 });
      event('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: pieces.length } });
      event('message_stop', { type: 'message_stop' });
    }
    res.end();
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: any = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      /* not JSON */
    }
    const path = req.url ?? '';
    const provider = path.startsWith('/openai/')
      ? 'openai'
      : path.startsWith('/anthropic/')
        ? 'anthropic'
        : path.startsWith('/google/')
          ? 'google'
          : null;
    if (!provider || req.method !== 'POST') return send(res, 404, { error: { message: 'Not found' } });
    requests.push({ provider, path, headers: req.headers, body });

    if (delayNext) {
      const ms = delayNext;
      delayNext = 0;
      await new Promise((r) => setTimeout(r, ms));
      if (res.destroyed) return;
    }
    if (failNext) {
      const { status } = failNext;
      failNext = null;
      if (provider === 'anthropic')
        return send(res, status, {
          type: 'error',
          error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' },
        });
      if (provider === 'google')
        return send(res, status, {
          error: { code: status, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' },
        });
      return send(res, status, { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } });
    }

    if (provider === 'openai') {
      if (!path.endsWith('/chat/completions')) return send(res, 404, { error: { message: 'Unknown path' } });
      const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (key !== validKey)
        return send(res, 401, {
          error: {
            message: `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          },
        });
      const last = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user');
      if (body?.stream === true) return stream(res, 'openai', `${body?.model}-0613`, `Echo: ${last?.content ?? ''}`);
      return send(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: `${body?.model}-0613`,
        choices: [{ index: 0, message: { role: 'assistant', content: `Echo: ${last?.content ?? ''}` }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
    }

    if (provider === 'anthropic') {
      if (!path.endsWith('/messages')) return send(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' } });
      if (req.headers['x-api-key'] !== validKey)
        return send(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
      if (!req.headers['anthropic-version'])
        return send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version header is required' } });
      if (typeof body?.max_tokens !== 'number')
        return send(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } });
      const last = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user');
      if (body?.stream === true) return stream(res, 'anthropic', body.model, `Echo: ${last?.content ?? ''}`);
      return send(res, 200, {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [{ type: 'text', text: `Echo: ${last?.content ?? ''}` }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 10, output_tokens: 5 },
      });
    }

    // google
    const m = /\/models\/([^/:]+):(generateContent|streamGenerateContent\?alt=sse)$/.exec(path);
    if (!m) return send(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    if (req.headers['x-goog-api-key'] !== validKey)
      return send(res, 400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ reason: 'API_KEY_INVALID' }],
        },
      });
    const lastUser = [...(body?.contents ?? [])].reverse().find((c: any) => c.role === 'user');
    if (m[2] !== 'generateContent') return stream(res, 'google', decodeURIComponent(m[1]), `Echo: ${lastUser?.parts?.[0]?.text ?? ''}`);
    return send(res, 200, {
      candidates: [
        { content: { role: 'model', parts: [{ text: `Echo: ${lastUser?.parts?.[0]?.text ?? ''}` }] }, finishReason: 'STOP', index: 0 },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: decodeURIComponent(m[1]),
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    validKey,
    requests,
    /** Env for the app: every provider's base URL pointing here. */
    env: {
      AI_OPENAI_BASE_URL: `${url}/openai/v1`,
      AI_ANTHROPIC_BASE_URL: `${url}/anthropic/v1`,
      AI_GOOGLE_BASE_URL: `${url}/google/v1beta`,
    },
    get abortedStreams() {
      return abortedStreams;
    },
    failNext(status: number) {
      failNext = { status };
    },
    delayNext(ms: number) {
      delayNext = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
