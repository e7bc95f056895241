import { defineConfig } from '@playwright/test';

// E2E_PORT lets several checkouts run their e2e suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// The development server `npm start` runs (React's StrictMode, modules as they are), one port on.
const DEV_PORT = PORT + 1;

// Debian's Chromium, never a downloaded browser. The network flags keep it from calling out of a
// closed network.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  retries: 0,
  // A test a core: a page waits on layout, fonts and its own workers more than it computes, and
  // each test waits on the page's idle signal, so a slower page under load is waited for.
  workers: '100%',
  fullyParallel: true,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 900 },
  },
  projects: [
    // The production build, as deployed.
    { name: 'build' },
    // What a lecturer meets under `npm start`: the lesson builder, and a lesson framed from the
    // development server.
    {
      name: 'dev',
      testMatch: /lesson_(builder|frame)\w*\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${DEV_PORT}/` },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${DEV_PORT} --strictPort`,
      url: `http://127.0.0.1:${DEV_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
