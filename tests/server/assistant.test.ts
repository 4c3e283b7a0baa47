import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { activeListing, createUser, pendingListing, type MadeUser } from '../support/factories.js';
import { startFakeAi } from '../support/fake-ai.js';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeAi>>;
let admin: MadeUser;

beforeAll(async () => {
  fake = await startFakeAi();
  t = await createTestApp({ ...fake.env, AI_CHAT_LIMIT_PER_HOUR: '3' });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const configure = async (body: Record<string, unknown>) =>
  expect((await t.api('PUT', '/api/admin/settings/ai_chat', body, admin.token)).status).toBe(200);

/** POSTs to the chat endpoint and reads the whole event stream. */
async function chat(body: unknown, token?: string) {
  const res = await fetch(`${t.url}/api/assistant/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const events = res.headers.get('content-type')?.startsWith('text/event-stream')
    ? text
        .split('\n\n')
        .filter(Boolean)
        .map((block) => {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
          return { event, data };
        })
    : [];
  return { status: res.status, events, json: events.length ? null : JSON.parse(text), text };
}

describe('visitor chat assistant', () => {
  it('is off until an admin enables it with a key', async () => {
    expect((await t.api('GET', '/api/assistant')).body).toEqual({ enabled: false });
    const off = await chat({ messages: [{ role: 'user', content: 'hi' }] });
    expect([off.status, off.json.detail, off.json.message_key]).toEqual([
      404,
      'The assistant is not available right now',
      'assistant.unavailable',
    ]);
    await configure({ enabled: true });
    expect((await t.api('GET', '/api/assistant')).body).toEqual({ enabled: false }); // no key yet
    await configure({ api_key: fake.validKey, provider: 'openai', model: 'gpt-4o-mini', system_prompt: 'Be warm.' });
    expect((await t.api('GET', '/api/assistant')).body).toEqual({ enabled: true });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['openai', 'gpt-4o-mini', '/openai/v1/chat/completions'],
    ['anthropic', 'claude-haiku-4-5', '/anthropic/v1/messages'],
    ['google', 'gemini-1.5-flash', '/google/v1beta/models/gemini-1.5-flash:streamGenerateContent?alt=sse'],
  ])('%s: streams the answer piece by piece, with the conversation and the platform context', async (provider, model, path) => {
    await configure({ provider, model, api_key: fake.validKey, enabled: true, system_prompt: 'Be warm.' });
    const u = await createUser(t.app);
    const res = await chat(
      {
        locale: 'ar',
        messages: [
          { role: 'user', content: 'hello' },
          { role: 'assistant', content: 'Hi! How can I help?' },
          { role: 'user', content: 'how do I book an office' },
        ],
      },
      u.token,
    );
    expect(res.status).toBe(200);
    const deltas = res.events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(3); // really streamed, not one block
    expect(deltas.join('')).toBe('Echo: how do I book an office');
    expect(res.events.at(-1)).toEqual({ event: 'done', data: {} });

    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe(path);
    const system =
      provider === 'openai'
        ? sent.body.messages[0].content
        : provider === 'anthropic'
          ? sent.body.system
          : sent.body.systemInstruction.parts[0].text;
    expect(system).toMatch(/^Be warm\.\n\nYou are the assistant of Mawarid/);
    expect(system).toContain('Answer in Arabic');
    expect(system).toContain('no refunds');
    if (provider !== 'google') expect(sent.body.stream).toBe(true);
    const turns =
      provider === 'google'
        ? sent.body.contents.map((c: any) => c.role)
        : sent.body.messages.filter((m: any) => m.role !== 'system').map((m: any) => m.role);
    expect(turns).toEqual(provider === 'google' ? ['user', 'model', 'user'] : ['user', 'assistant', 'user']);
  });

  it('rejects bad conversations before calling the provider', async () => {
    const u = await createUser(t.app);
    const calls = fake.requests.length;
    const cases: Array<[unknown, string]> = [
      [{ messages: [] }, 'Please type a message'],
      [{ messages: [{ role: 'user', content: '   ' }] }, 'Please type a message'],
      [
        {
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: 'last word' },
          ],
        },
        'Please type a message',
      ],
      [{ messages: [{ role: 'user', content: 'x'.repeat(2001) }] }, 'Your message is too long'],
      [{ messages: 'hi' }, 'Please type a message'],
    ];
    for (const [body, detail] of cases) {
      const res = await chat(body, u.token);
      expect([res.status, res.json?.detail]).toEqual([400, detail]);
    }
    expect(fake.requests.length).toBe(calls);
  });

  it('limits each visitor per hour so the provider bill stays bounded', async () => {
    await configure({ provider: 'openai', model: 'gpt-4o-mini', api_key: fake.validKey, enabled: true });
    const msg = { messages: [{ role: 'user', content: 'hi' }] };
    for (let i = 0; i < 3; i++) expect((await chat(msg)).status).toBe(200);
    const limited = await chat(msg);
    expect([limited.status, limited.json.detail]).toEqual([429, 'You have sent many messages to the assistant. Please try again later.']);
    // Another visitor (a logged-in user) has their own allowance.
    const u = await createUser(t.app);
    expect((await chat(msg, u.token)).status).toBe(200);
  });

  it('a visitor who hangs up stops the provider stream too', async () => {
    await configure({ provider: 'openai', model: 'gpt-4o-mini', api_key: fake.validKey, enabled: true });
    const u = await createUser(t.app);
    const ac = new AbortController();
    const res = await fetch(`${t.url}/api/assistant/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
      body: JSON.stringify({ messages: [{ role: 'user', content: Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ') }] }),
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    await reader.read(); // the first piece arrived
    const before = fake.abortedStreams;
    ac.abort();
    await expect.poll(() => fake.abortedStreams, { timeout: 3000 }).toBe(before + 1);
  });

  it('a provider failure ends the stream with a plain error and never reveals the key or the provider message', async () => {
    await configure({ provider: 'anthropic', model: 'claude-haiku-4-5', api_key: 'sk-wrong-key-abcd', enabled: true });
    const u = await createUser(t.app);
    const res = await chat({ messages: [{ role: 'user', content: 'hi' }] }, u.token);
    expect(res.status).toBe(200);
    expect(res.events).toEqual([
      { event: 'error', data: { error: 'The assistant could not answer. Please try again later.', message_key: 'assistant.failed' } },
    ]);
    expect(res.text).not.toContain('sk-wrong');
    expect(res.text).not.toContain('x-api-key');
  });

  it('knows the live catalogue: counts, price ranges and newest titles of ACTIVE listings only, refreshed when a listing changes', async () => {
    await configure({ provider: 'openai', model: 'gpt-4o-mini', api_key: fake.validKey, enabled: true, system_prompt: 'Be warm.' });
    const systemPrompt = async () => {
      const u = await createUser(t.app);
      expect((await chat({ messages: [{ role: 'user', content: 'what can I book?' }] }, u.token)).status).toBe(200);
      return fake.requests.at(-1)!.body.messages[0].content as string;
    };
    const host = await createUser(t.app, { role: 'host_seller' });
    const room = (title: string, category: string, price: number, period: string) => ({
      title,
      description: 'A listing for the assistant test.',
      category,
      price,
      period,
    });

    await activeListing(t, { owner: host, admin }, room('Olaya meeting room', 'Office Space', 150, 'day'));
    await activeListing(t, { owner: host, admin }, room('Private office in Malqa', 'Office Space', 420.5, 'day'));
    await activeListing(t, { owner: host, admin }, room('Toyota Hilux pickup', 'Vehicles', 900, 'week'));
    await pendingListing(t, host, room('Hidden pending drone', 'Equipment', 77777, 'hour')); // pending: never in the prompt
    const rejected = await pendingListing(t, host, room('Rejected crane', 'Equipment', 55555, 'day'));
    expect((await t.api('PUT', `/api/admin/resources/${rejected}/reject`, { reason: 'No photos' }, admin.token)).status).toBe(200);

    const prompt = await systemPrompt();
    expect(prompt).toMatch(/^Be warm\.\n\nYou are the assistant of Mawarid/);
    expect(prompt).toContain('Live listings on /resources right now (3 in all');
    expect(prompt).toContain('- Office Space: 2 listings (150–420.50 SAR per day)');
    expect(prompt).toContain('- Vehicles: 1 listing (900 SAR per week)');
    expect(prompt).toContain('"Toyota Hilux pickup", "Private office in Malqa", "Olaya meeting room"');
    for (const hidden of ['Hidden pending drone', '77777', 'Equipment:', 'Rejected crane', '55555']) expect(prompt).not.toContain(hidden);
    expect(prompt.length).toBeLessThan(4000); // bounded

    // Approving another listing clears the cached summary: the next chat sees it.
    await activeListing(t, { owner: host, admin }, room('Forklift 3 ton', 'Equipment', 300, 'day'));
    const after = await systemPrompt();
    expect(after).toContain('(4 in all');
    expect(after).toContain('- Equipment: 1 listing (300 SAR per day)');
    expect(after).not.toContain('Hidden pending drone');
  });
});
