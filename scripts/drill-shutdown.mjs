// `npm run drill:shutdown`: does a stopping server finish what it started? Starts the backend
// (as `npm start` serves it, 127.0.0.1 only), opens 50 slow requests (client reports whose
// bodies arrive in two halves a second apart), sends SIGTERM while all 50 are in flight, then
// sends the second halves. Prints how many were answered and how many cut, whether a new
// connection is refused meanwhile, how long the stop took and the exit code. Bounded: 60 s.
import http from 'node:http';
import { startBackend } from './lib/backend-process.mjs';

const SLOW = 50;
const PORT = Number(process.env.BENCH_PORT ?? 8788);
// DRILL_GRACE_MS=0 is the negative control: no grace, every slow request is cut.
const GRACE_MS = Number(process.env.DRILL_GRACE_MS ?? 10_000);
const backend = await startBackend({
  port: PORT,
  env: { SHUTDOWN_GRACE_MS: String(GRACE_MS), RATE_LIMIT_SCALE: '1000' },
});
const watchdog = setTimeout(() => {
  console.error('drill:shutdown: took more than 60 s');
  process.exit(1);
}, 60_000);

const challenge = await (await fetch(`${backend.baseUrl}/api/session/challenge`)).json();
const altcha = Buffer.from(JSON.stringify({ ...challenge, number: 0 })).toString('base64');
const session = await (
  await fetch(`${backend.baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ altcha }),
  })
).json();

const body = JSON.stringify({
  level: 'error',
  message: 'drill: a slow report',
  globalState: { padding: 'x'.repeat(2000) },
});
const [first, second] = [body.slice(0, 1000), body.slice(1000)];

/** A request whose body is half sent; `finish()` sends the rest; `done` resolves with the status or 'cut'. */
function slowRequest() {
  let resolveDone;
  const done = new Promise((r) => (resolveDone = r));
  const req = http.request(`${backend.baseUrl}/api/clientLog`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      authorization: `Bearer ${session.idToken}`,
    },
  });
  req.on('response', (res) => {
    res.resume();
    res.on('end', () => resolveDone(res.statusCode));
  });
  req.on('error', () => resolveDone('cut'));
  req.write(first);
  return { done, finish: () => req.end(second) };
}

try {
  const slow = Array.from({ length: SLOW }, slowRequest);
  await new Promise((r) => setTimeout(r, 500)); // all 50 are in flight
  const signalled = Date.now();
  process.kill(backend.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  const refused = await fetch(`${backend.baseUrl}/api/health/live`).then(
    () => false,
    () => true,
  );
  await new Promise((r) => setTimeout(r, 700));
  for (const s of slow) s.finish();
  const outcomes = await Promise.all(slow.map((s) => s.done));
  const code = await backend.exited;
  const stoppedMs = Date.now() - signalled;
  const answered = outcomes.filter((o) => o === 204).length;
  const cut = outcomes.filter((o) => o === 'cut').length;
  console.log(
    `${SLOW} slow requests in flight at SIGTERM: ${answered} answered (204), ${cut} cut, other ${SLOW - answered - cut}`,
  );
  console.log(
    `a new connection after SIGTERM: ${refused ? 'refused' : 'ACCEPTED'}; stopped after ${stoppedMs} ms (grace ${GRACE_MS} ms); exit code ${code}`,
  );
  const ok = answered === SLOW && cut === 0 && refused && code === 0;
  console.log(ok ? 'drill:shutdown: PASS' : 'drill:shutdown: FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  clearTimeout(watchdog);
  await backend.stop();
}
