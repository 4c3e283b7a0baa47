#!/usr/bin/env node
// Start-up: how long `npm start` takes, on an already built checkout, to serve its first page (GET / → 200).
// The first run creates the embedded database and the demo data (a fresh install); the next runs are what a
// developer or an operator restarting the service waits for. Goal: under 3 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'mawarid-startup-'));
const port = 4900 + Math.floor(Math.random() * 90);

async function startOnce() {
  const t0 = performance.now();
  const proc = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: 'ignore',
    detached: true,
  });
  let ms;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) {
        await res.text();
        ms = performance.now() - t0;
        break;
      }
    } catch {
      /* not yet */
    }
    if (performance.now() - t0 > 180_000) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  process.kill(-proc.pid, 'SIGTERM');
  await new Promise((r) => proc.once('exit', r));
  // npm exits before the server it started has closed its port: wait until nothing answers, or the next start
  // would be timed against the old server still draining.
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return ms;
}

const first = await startOnce();
const again = [];
for (let i = 0; i < RUNS; i++) again.push(await startOnce());
rmSync(dataDir, { recursive: true, force: true });
const fmt = (x) => (x === undefined ? 'did not start' : `${(x / 1000).toFixed(2)} s`);
console.log(`\nStart-up of \`npm start\` on a built checkout, until GET / answers 200 (embedded PGlite)\n`);
console.log('| run | time |\n|---|---|');
console.log(`| first start (creates the database, migrates, seeds demo data) | ${fmt(first)} |`);
again.forEach((x, i) => console.log(`| restart ${i + 1} (existing data) | ${fmt(x)} |`));
process.exit(0);
