#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build, then serve (the server migrates and seeds at start).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync, spawn } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
/** The newest modification time of a file or of anything under a folder. */
const newest = (p) => {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(join(p, name))), st.mtimeMs);
};

const installed = 'node_modules/.package-lock.json';
if (!existsSync(installed) || mtime('package-lock.json') > mtime(installed)) {
  console.log('> Installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}
// Build when a build is missing or older than what it is built from (a checkout that is already built starts at once).
const sources = [
  'server/src',
  'server/tsconfig.json',
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'client/explorer',
  'client/vite.explorer.config.ts',
  'client/tsconfig.json',
  'package-lock.json',
];
const built = Math.min(
  mtime('server/dist/main.js'),
  mtime('client/dist/index.html'),
  mtime('client/dist-ssr/entry-server.js'),
  mtime('client/dist-explorer/index.html'),
);
const stale = built === 0 || Math.max(...sources.map(newest)) > built;
if (process.env.SKIP_BUILD !== '1' && (stale || process.env.FORCE_BUILD === '1')) {
  console.log('> Building server and client…');
  run('npm', ['run', 'build', '--silent']);
}
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
