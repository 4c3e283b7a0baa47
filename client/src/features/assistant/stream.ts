import { apiFetch } from '../../lib/api';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

const headers = { 'content-type': 'application/json' };

export async function assistantEnabled(): Promise<boolean> {
  try {
    const res = await apiFetch('/assistant', { headers });
    return res.ok && (await res.json()).enabled === true;
  } catch {
    return false;
  }
}

/** The assistant refused or failed: the server's message and its catalogue key (`assistant.<key>`), when sent. */
export class AssistantError extends Error {
  constructor(
    message: string,
    readonly messageKey?: string,
  ) {
    super(message);
  }
}

/**
 * Sends the conversation; `onText` gets each piece of the answer as the server streams it
 * (server-sent events: delta, done, error). Throws an AssistantError with the server's message and its key on failure.
 */
export async function streamAnswer(messages: ChatTurn[], locale: string, onText: (t: string) => void, signal?: AbortSignal): Promise<void> {
  const res = await apiFetch('/assistant/chat', { method: 'POST', headers, body: JSON.stringify({ messages, locale }), signal });
  if (!res.ok || !res.body) {
    let body: { detail?: string; message_key?: string } = {};
    try {
      body = await res.json();
    } catch {
      /* not JSON */
    }
    throw new AssistantError(body.detail ?? '', body.message_key);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      const json = JSON.parse(data) as { text?: string; error?: string; message_key?: string };
      if (event === 'delta' && json.text) onText(json.text);
      if (event === 'error') throw new AssistantError(json.error ?? '', json.message_key);
    }
  }
}
