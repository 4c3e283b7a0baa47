import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// A fresh data folder each run: a new embedded database, the demo data, and the dev outbox the tests read mail from.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'mawarid-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The admin journey starts a fake AI provider (tests/support/fake-ai.ts) on this port; the server's AI base URLs point at it.
const AI_FAKE_URL = `http://127.0.0.1:${Number(process.env.E2E_AI_FAKE_PORT ?? PORT + 2000)}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // The sessions project signs in once per demo role and saves the browser storage that specs reuse (signInAs).
  projects: [
    { name: 'sessions', testMatch: /sessions\.setup\.ts$/ },
    { name: 'e2e', testMatch: /\.spec\.ts$/, dependencies: ['sessions'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // The service worker (public/sw.js) would carry the pages' requests past page.route; pwa.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // `npm test` builds first; the server migrates and seeds the demo data on start.
    command: 'node server/dist/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      LOGIN_MAX_ATTEMPTS: '50',
      REGISTER_MAX_PER_HOUR: '50',
      AI_OPENAI_BASE_URL: `${AI_FAKE_URL}/openai/v1`,
      AI_ANTHROPIC_BASE_URL: `${AI_FAKE_URL}/anthropic/v1`,
      AI_GOOGLE_BASE_URL: `${AI_FAKE_URL}/google/v1beta`,
    },
  },
});
