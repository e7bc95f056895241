import { defineConfig } from '@playwright/test';

// E2E_PORT lets several checkouts run their e2e suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// The development server `npm start` runs (React's StrictMode, modules as they are), one port on.
const DEV_PORT = PORT + 1;
// The built explorer with the class server, as `npm run serve` runs it, on an in-memory database.
const CLASS_PORT = PORT + 2;

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
    // The production build, as a static host serves it.
    { name: 'build', testIgnore: /(^|\/)class\.spec\.ts$/ },
    // What a lecturer meets under `npm start`: the lesson builder, and a lesson framed from the
    // development server.
    {
      name: 'dev',
      testMatch: /lesson_(builder|frame)\w*\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${DEV_PORT}/` },
    },
    // A class in the room: the production build served with the class server.
    {
      name: 'class',
      testMatch: /(^|\/)class\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${CLASS_PORT}/` },
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
      command: `npx tsx server/main.ts --host 127.0.0.1 --port ${CLASS_PORT}`,
      url: `http://127.0.0.1:${CLASS_PORT}/api/class/health`,
      env: { ARCHEX_CLASS_DATA: 'memory://' },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // `npm start`'s own server: Vite's development server with the class server.
      command: `npx tsx server/main.ts --dev --host 127.0.0.1 --port ${DEV_PORT}`,
      url: `http://127.0.0.1:${DEV_PORT}/`,
      env: { ARCHEX_CLASS_DATA: 'memory://' },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
