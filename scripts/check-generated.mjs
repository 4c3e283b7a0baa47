#!/usr/bin/env node
// Fails when schema.graphql or client/src/gql is stale (`npm run schema && npm run codegen` refreshes them).
import { mkdtempSync, readFileSync, readdirSync, cpSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const tmp = mkdtempSync(join(tmpdir(), 'mawarid-gen-'));
let stale = [];
try {
  execFileSync(process.execPath, ['server/dist/graphql/emit-schema.js', join(tmp, 'schema.graphql')], { stdio: 'pipe' });
  if (readFileSync(join(tmp, 'schema.graphql'), 'utf8') !== readFileSync('schema.graphql', 'utf8')) stale.push('schema.graphql');

  const before = new Map(readdirSync('client/src/gql').map((f) => [f, readFileSync(join('client/src/gql', f), 'utf8')]));
  cpSync('client/src/gql', join(tmp, 'gql'), { recursive: true });
  try {
    execFileSync('npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent'], { stdio: 'pipe' });
    const after = new Map(readdirSync('client/src/gql').map((f) => [f, readFileSync(join('client/src/gql', f), 'utf8')]));
    for (const f of new Set([...before.keys(), ...after.keys()])) if (before.get(f) !== after.get(f)) stale.push(`client/src/gql/${f}`);
  } finally {
    rmSync('client/src/gql', { recursive: true, force: true });
    cpSync(join(tmp, 'gql'), 'client/src/gql', { recursive: true });
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
if (stale.length) {
  console.error(`Generated files are stale: ${stale.join(', ')}\nRun: npm run schema && npm run codegen`);
  process.exit(1);
}
console.log('schema.graphql and client/src/gql are up to date');
