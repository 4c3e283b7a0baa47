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

/**
 * Sends the conversation; `onText` gets each piece of the answer as the server streams it
 * (server-sent events: delta, done, error). Throws Error(message) with the server's message on failure.
 */
export async function streamAnswer(messages: ChatTurn[], locale: string, onText: (t: string) => void, signal?: AbortSignal): Promise<void> {
  const res = await apiFetch('/assistant/chat', { method: 'POST', headers, body: JSON.stringify({ messages, locale }), signal });
  if (!res.ok || !res.body) {
    let detail = '';
    try {
      detail = (await res.json()).detail ?? '';
    } catch {
      /* not JSON */
    }
    throw new Error(detail);
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
      const json = JSON.parse(data) as { text?: string; error?: string };
      if (event === 'delta' && json.text) onText(json.text);
      if (event === 'error') throw new Error(json.error ?? '');
    }
  }
}
