import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = addr && typeof addr === 'object' ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  /** Everything the process printed, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The built server (`server/dist/main.js`, as `npm start` runs it) in a process of its own, so that tests can
 * kill it the way an operator or a crash would. Resolves once /api/health answers 200.
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(p),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`server exited during start:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not become healthy in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, proc, output: () => out, exited };
}

const WORKER = fileURLToPath(new URL('../../server/dist/worker.js', import.meta.url));

/** The built worker (`server/dist/worker.js`, as `npm run worker` runs it); resolves once it says it is running. */
export async function startWorkerProcess(env: Record<string, string>): Promise<Omit<ServerProcess, 'url'>> {
  const proc = spawn(process.execPath, [WORKER], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  while (!out.includes('worker is running')) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`worker exited during start:\n${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`worker did not start in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, output: () => out, exited };
}
