import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Names this run's databases; set once in the runner's process, whose workers inherit it, so
 * runs of other worktrees or machines on the same PostgreSQL server never share one.
 */
process.env.E2E_RUN_ID ??= randomBytes(4).toString('hex');

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/** A second server whose concert is sold out from the start (CONCERT_CAPACITY=0), for the waiting list. */
const SOLD_OUT_PORT = PORT + 2;
export const SOLD_OUT_BASE_URL = `http://localhost:${SOLD_OUT_PORT}`;
/**
 * A third server for the waiting list that moves (e2e/visitor-queue-offers.spec.ts): two tickets,
 * and the queue's sweep runs every second.
 */
const QUEUE_PORT = PORT + 4;
export const QUEUE_BASE_URL = `http://localhost:${QUEUE_PORT}`;

/**
 * A fourth server with one ticket (e2e/visitor-reservation.spec.ts): another person identifies and
 * takes it while a visitor holds only a place. Sessions cost a token proof of work there, so the
 * test's other person gets one from Node as a script would.
 */
const ONE_TICKET_PORT = PORT + 6;
export const ONE_TICKET_BASE_URL = `http://localhost:${ONE_TICKET_PORT}`;

/**
 * Two servers like the main one for the specs that change what the others share (the projects
 * below say what): admin-sign-in, admin-concert and admin-autogiro-discrepancies on one,
 * door-camera on the other.
 */
const OWN_PORT = PORT + 8;
export const OWN_BASE_URL = `http://localhost:${OWN_PORT}`;
const DOOR_LOGOUT_PORT = PORT + 10;
export const DOOR_LOGOUT_BASE_URL = `http://localhost:${DOOR_LOGOUT_PORT}`;
/**
 * A waiting-list server like QUEUE_BASE_URL's for e2e/admin-cancel-ticket.spec.ts: the office sells
 * it out by hand to cancel a ticket, which would take the tickets visitor-queue-offers.spec.ts needs.
 */
const TICKET_CANCEL_PORT = PORT + 12;
export const TICKET_CANCEL_BASE_URL = `http://localhost:${TICKET_CANCEL_PORT}`;
/** The settings of a waiting list that moves within a test (the queue servers). */
const MOVING_QUEUE = { CONCERT_CAPACITY: '2', QUEUE_SWEEP_SECONDS: '1' };

/**
 * Debian's Chromium (CHROMIUM_PATH to change) through e2e/chromium.sh, which merges the
 * --disable-features lists (Chromium reads only the last one given: Playwright's own list first).
 */
export const CHROMIUM_EXECUTABLE = fileURLToPath(new URL('e2e/chromium.sh', import.meta.url));
/** The command line of every browser the tests start (the door's camera browsers add theirs). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156's headless windows preload the address bar's WebUI popups (chrome://omnibox-popup
  // and its AI-mode page) in a renderer of their own for every browser context, which the tests
  // never see: a new context that loads the start page took 3.9 CPU-s with them, 2.5 without
  // (the mean of 12 on this 2-core machine).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** The specs the projects before 'chromium-phone' run. */
const OWN_PROJECT_SPECS =
  /(admin-(autogiro-discrepancies|cancel-ticket|concert|sign-in)|door-camera|visitor-queue-offers)\.spec\.ts/;
/**
 * Measurements, not tests: timed journeys that print a figure (`npm run bench:door` runs the
 * door's, with E2E_MEASURE=1). A timed test flakes on a loaded machine (the project's rule:
 * speed is measured by benchmarks that print figures); what they click through, a test covers
 * (door-camera.spec.ts scans a real ticket QR with the camera).
 */
const MEASURE_SPECS = /door-measure\.spec\.ts/;

/**
 * End-to-end tests in Debian's Chromium against the built apps and the built server (backend +
 * static builds, as production serves them), on a fresh database per run and server.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // Two workers (and browsers) a core: the journeys mostly wait (BankID's and the bank's simulated
  // delays, 2 s polls, holds and grace periods running out). A run used ~290 CPU-seconds (runner,
  // browsers, servers) in 662 s of wall time with 3 workers; one worker a core left most of a quiet
  // 2-core machine idle.
  workers: Number(process.env.E2E_WORKERS) || 2 * availableParallelism(),
  forbidOnly: !!process.env.CI,
  // One retry on CI absorbs a rare browser-timing flake (seen once in ~6 full runs: a journey that had
  // finished still timed out); a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    ...devices['Pixel 7'],
    locale: 'sv-SE',
    // A test that failed once is traced on its retry (actions, DOM snapshots, network), without the
    // screencast (its screenshots were about a third of the browsers' CPU). Tracing every first run,
    // to keep the traces of those that fail, cost 15 % of the stage's CPU and wall time (27 tests on
    // 2 cores: 219 against 187 CPU-s, 119 against 101 s). E2E_TRACE=retain-on-failure traces every
    // first run again, to hunt a flake whose retry passes.
    trace: {
      mode: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'on-first-retry',
      screenshots: false,
    },
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  // Workers take tests in the order of this list (then by file): the projects with the longest
  // tests first, so none is left to run alone at the end.
  projects: [
    // The door's logout ends the door account's sessions, which admin-sign-in's door journey uses
    // (see below for why such journeys have servers of their own).
    {
      name: 'chromium-phone-door-logout',
      testMatch: /door-camera\.spec\.ts/,
      use: { baseURL: DOOR_LOGOUT_BASE_URL },
    },
    // The waiting list that moves (on its own server, QUEUE_BASE_URL): a long journey of five
    // visitors, so it starts first.
    {
      name: 'chromium-phone-queue',
      testMatch: /visitor-queue-offers\.spec\.ts/,
    },
    // The office sells out a waiting-list server by hand to cancel a ticket (issue 40 §1), on its own.
    {
      name: 'chromium-phone-ticket-cancel',
      testMatch: /admin-cancel-ticket\.spec\.ts/,
    },
    // Journeys that would disturb the others on a shared server run on servers of their own, beside
    // the rest (not after it): the demo payment run writes the mandate file for every signed donor
    // of its backend (beside admin-autogiro.spec.ts it took that spec's donor into its file), the
    // office moves the concert every other journey reads, and a sign-out ends every session of its
    // account (issue 39 §11: a token needs a sign-in newer than the sign-out).
    {
      name: 'chromium-phone-own-server',
      testMatch: /admin-(autogiro-discrepancies|concert|sign-in)\.spec\.ts/,
      use: { baseURL: OWN_BASE_URL },
    },
    {
      name: 'chromium-phone',
      testIgnore: process.env.E2E_MEASURE ? OWN_PROJECT_SPECS : [OWN_PROJECT_SPECS, MEASURE_SPECS],
    },
  ],
  // One command starts the seven servers side by side (scripts/e2e-servers.mjs): as seven entries
  // here Playwright started them one after another, each once the one before answered.
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    env: {
      E2E_SERVERS: JSON.stringify([
        serverOn(PORT),
        serverOn(SOLD_OUT_PORT, { CONCERT_CAPACITY: '0' }),
        serverOn(QUEUE_PORT, MOVING_QUEUE),
        serverOn(ONE_TICKET_PORT, { CONCERT_CAPACITY: '1', SESSION_POW_MAX_NUMBER: '1' }),
        serverOn(OWN_PORT),
        serverOn(DOOR_LOGOUT_PORT),
        serverOn(TICKET_CANCEL_PORT, MOVING_QUEUE),
      ]),
    },
    // Printed once every server answers /api/health.
    wait: { stdout: /^e2e servers ready$/m },
    // SIGTERM: each server drains and its database is dropped (scripts/e2e-server.mjs), all at once.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    // A fresh database and dev-IdP certificate each are made at start: slow on a busy machine.
    timeout: 150_000,
    stdout: 'pipe' as const,
  },
});

/**
 * The built product as production runs it (`node backend/dist/server.js`, in demo mode), on a fresh
 * database per run and port: on the PostgreSQL server of TEST_DATABASE_URL when set (CI), else an
 * embedded one in DATA_DIR (scripts/e2e-server.mjs). The start smoke test (scripts/start-smoke.mjs)
 * starts `npm start`'s server from the sources. Outside CI a server already running on the port is
 * used as it is (scripts/e2e-servers.mjs).
 */
function serverOn(port: number, env: Record<string, string> = {}) {
  return {
    port,
    database: `concert_e2e_${port}_${process.env.E2E_RUN_ID}`,
    env: {
      DEMO: 'true',
      PORT: String(port),
      DEV_IDP_PORT: String(port + 1000),
      DATA_DIR: `.data/e2e-${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      DEMO_BANKID_DELAY_MS: '1000',
      DEMO_BANK_ACCOUNTS_DELAY_MS: '1000',
      // An order a page abandoned is cancelled after 4 s without a poll (15 s in production), so
      // e2e/visitor-bankid.spec.ts can watch it; a reloaded page polls at once, well within it.
      BANKID_ABANDON_GRACE_MS: '4000',
      ...env,
    },
  };
}
