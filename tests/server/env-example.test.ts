import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/src/config/env.js';
import { repoPath, serverEnvNames } from '../support/env-names.js';

/** `.env.example` lines: `NAME=value` or `#NAME=value` (off), each under a `# …` comment saying what it is. */
function exampleEntries() {
  const lines = readFileSync(repoPath('.env.example'), 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    const m = /^#?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return m ? [{ name: m[1], value: m[2], comment: lines[i - 1] ?? '' }] : [];
  });
}

describe('.env.example', () => {
  it('lists exactly the variables the server reads', () => {
    const read = serverEnvNames();
    const listed = new Set(exampleEntries().map((e) => e.name));
    // The parser found the schema: these are certainly read.
    expect(read).toContain('DATABASE_URL');
    expect(read).toContain('BOOKING_HOLD_MINUTES');
    expect([...read].filter((n) => !listed.has(n)).sort(), 'read by the server, missing from .env.example').toEqual([]);
    expect([...listed].filter((n) => !read.has(n)).sort(), 'in .env.example, read by nobody').toEqual([]);
  });

  it('lists each once, with a comment saying what it is', () => {
    const entries = exampleEntries();
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    for (const e of entries) expect(e.comment, e.name).toMatch(/^# \S/);
  });

  it('gives examples the server accepts, with secrets as placeholders', () => {
    const entries = exampleEntries();
    // Every example at once, as production would have them: parseEnv refuses a malformed one.
    const all = Object.fromEntries(entries.map((e) => [e.name, e.value]));
    expect(() => parseEnv({ ...all, DATA_DIR: repoPath('.data-env-example-unused') })).not.toThrow();
    for (const e of entries.filter((e) => /SECRET|PASSWORD|_KEY$/.test(e.name) && e.name !== 'S3_ACCESS_KEY_ID'))
      expect(e.value, e.name).toMatch(/^replace-with-/);
  });
});
