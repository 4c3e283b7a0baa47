import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** `.ts` files under a folder, tests left out (they set variables for themselves). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every environment variable the server reads: the keys of the zod schema in server/src/config/env.ts (parseEnv
 * reads process.env through it) plus any `process.env.NAME` elsewhere in server/src. Read from the source, so a
 * variable added there is seen without anyone remembering to list it.
 */
export function serverEnvNames(): Set<string> {
  const envTs = readFileSync(join(ROOT, 'server/src/config/env.ts'), 'utf8');
  const block = /const schema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(envTs);
  if (!block) throw new Error('server/src/config/env.ts: `const schema = z.object({ … });` not found');
  const names = new Set([...block[1].matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
  for (const file of sources(join(ROOT, 'server/src')))
    for (const m of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g))
      names.add(m[1] ?? m[2]);
  return names;
}

export const repoPath = (...parts: string[]) => join(ROOT, ...parts);
