#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build, then serve (the server migrates and seeds at start).
import { existsSync, statSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

const installed = 'node_modules/.package-lock.json';
if (!existsSync(installed) || mtime('package-lock.json') > mtime(installed)) {
  console.log('> Installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}
if (process.env.SKIP_BUILD !== '1') {
  console.log('> Building server and client…');
  run('npm', ['run', 'build', '--silent']);
}
const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
