// `npm run bench:round-trips`: how many times each call of the visitor's path waits for
// PostgreSQL, one after another. The backend reaches the database through a TCP proxy that
// delays every answer by DELAY_MS (25), so a call that waits k times in a row takes about
// k × DELAY_MS: the figure is a count, not a speed, and it does not move with the machine's load
// (bench:rush's p99 does, 2-8× between identical runs on these VMs). Under a rush each such wait
// is also a trip through a busy event loop, so the count is what a call's tail is made of.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:round-trips
// VISITORS (12) go one after another (nothing else runs) over a pool of DATABASE_POOL_MAX (4)
// connections: the first shows the cold cost (a statement new to a connection is described
// before it runs: one wait more), the median of the others the warm one. TRACE=1 prints what the
// last visitor's calls sent, one line per write (`+`: sent in the same write, no wait between).
import net from 'node:net';
import postgres from 'postgres';
import { startBackend } from './lib/backend-process.mjs';

const SERVER_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!SERVER_URL) {
  console.error('bench:round-trips needs DATABASE_URL (a PostgreSQL server)');
  process.exit(2);
}
const DELAY_MS = Number(process.env.DELAY_MS ?? 25);
const VISITORS = Number(process.env.VISITORS ?? 12);
const PORT = Number(process.env.BENCH_PORT ?? 8393);
const target = new URL(SERVER_URL);

/** A TCP proxy to the database that holds each chunk the server sends for DELAY_MS, in order. */
const writes = [];
function startDelayingProxy() {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    // No Nagle: a small write must not wait for the other side's delayed ACK (40 ms on loopback).
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let lastDue = 0;
    upstream.on('data', (chunk) => {
      const due = Math.max(performance.now() + DELAY_MS, lastDue);
      lastDue = due;
      setTimeout(() => client.writable && client.write(chunk), due - performance.now());
    });
    let pending = Buffer.alloc(0);
    let started = false;
    const names = new Map(); // prepared statement name → its SQL
    client.on('data', (chunk) => {
      upstream.write(chunk);
      // What each write of the backend carries (TRACE=1): the statements it runs, in order.
      pending = Buffer.concat([pending, chunk]);
      if (!started && pending.length >= 4) {
        // The startup message has no type byte.
        started = true;
        pending = pending.subarray(pending.readInt32BE(0));
      }
      const statements = [];
      while (pending.length >= 5 && pending.length >= 1 + pending.readInt32BE(1)) {
        const type = String.fromCharCode(pending[0]);
        const body = pending.subarray(5, 1 + pending.readInt32BE(1));
        pending = pending.subarray(1 + pending.readInt32BE(1));
        const cstrings = body.toString('utf8').split('\0');
        if (type === 'P') names.set(cstrings[0], cstrings[1]);
        if (type === 'Q') statements.push(cstrings[0]);
        if (type === 'B') statements.push(names.get(cstrings[1]) ?? '?');
      }
      if (statements.length) writes.push({ at: performance.now(), bytes: chunk.length, statements });
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      }),
    ),
  );
}

const dbName = `concert_rt_${Date.now()}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${dbName}`);
const proxy = await startDelayingProxy();
const viaProxy = new URL(SERVER_URL);
viaProxy.hostname = '127.0.0.1';
viaProxy.port = String(proxy.port);
viaProxy.pathname = `/${dbName}`;
const backend = await startBackend({
  port: PORT,
  env: {
    DATABASE_URL: viaProxy.href,
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? '4',
    CONCERT_CAPACITY: '100',
    DEMO_BANKID_AUTO_APPROVE: 'true',
    DEMO_BANKID_DELAY_MS: '100',
  },
});

async function post(pathname, body, token) {
  const t0 = performance.now();
  const from = writes.length;
  const res = await fetch(`${backend.baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify({ data: body }),
  });
  const json = await res.json();
  return { ms: performance.now() - t0, status: res.status, json, writes: writes.slice(from) };
}

/** A valid personal number (Luhn) of an adult, different for each i. */
function personalNumber(i) {
  const base = `1980${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (Math.floor(i / 12) % 28)).padStart(2, '0')}${String(200 + i).padStart(3, '0')}`;
  let sum = 0;
  for (let k = 2; k < base.length; k++) {
    const d = Number(base[k]) * (k % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

const times = new Map(); // call → ms per visitor
const traces = new Map(); // call → the last visitor's writes to the database
const record = (call, i, res) => {
  if (!times.has(call)) times.set(call, []);
  times.get(call)[i] = res.ms;
  traces.set(call, res.writes);
};
async function expectOk(call, i, res) {
  if (res.status !== 200) throw new Error(`${call}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  record(call, i, res);
  return res.json.result ?? res.json;
}
/** Polls until BankID's order is done: the pending polls and the completing one are timed apart. */
async function collect(kind, i, token, transactionId) {
  for (let k = 0; k < 100; k++) {
    const res = await post('/api/checkBankIdTransactionStatus', { transactionId }, token);
    const status = res.json.result?.status;
    if (status === 'pending') {
      record('collect, pending', i, res);
      await new Promise((r) => setTimeout(r, 60));
      continue;
    }
    if (status !== 'complete') throw new Error(`collect ${kind}: ${JSON.stringify(res.json)}`);
    return record(`collect, ${kind} completes`, i, res);
  }
  throw new Error(`collect ${kind}: still pending`);
}

try {
  for (let i = 0; i < VISITORS; i++) {
    const session = await post('/api/session');
    record('session', i, session);
    const token = session.json.idToken;
    const { ticketId } = await expectOk('register', i, await post('/api/register', {}, token));
    const pn = personalNumber(i);
    const auth = await expectOk(
      'startBankIDAuth',
      i,
      await post('/api/startBankIDAuth', { personalNumber: pn }, token),
    );
    await collect('identification', i, token, auth.transactionId);
    const email = `rt${i}@bench.se`;
    await expectOk(
      'getPersonalInfo',
      i,
      await post('/api/getPersonalInfo', { personalNumber: pn, email }, token),
    );
    const person = {
      firstName: 'Bänk',
      lastName: 'Testsson',
      email,
      phone: '0701234567',
      address: 'Gatan 1',
      zipCode: '123 45',
      city: 'Stad',
    };
    const accountInfo = {
      bank: 'NB',
      clearingNumber: '3300',
      accountNumber: withMod10CheckDigit(String(100_000_000 + i)),
    };
    const sign = await expectOk(
      'startBankIDSign',
      i,
      await post(
        '/api/startBankIDSign',
        {
          personalNumber: pn,
          ticketId,
          donationAmount: 150,
          signType: 'new',
          lang: 'sv',
          person,
          accountInfo,
        },
        token,
      ),
    );
    await collect('sign', i, token, sign.transactionId);
  }
  const median = (xs) => {
    const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
  };
  console.log(
    `bench:round-trips: every answer from PostgreSQL delayed ${DELAY_MS} ms; ${VISITORS} visitors one after another (a new member each)`,
  );
  console.log(
    `${'call'.padEnd(34)} ${'cold ms'.padStart(8)} ${'≈ waits'.padStart(8)} ${'warm ms'.padStart(8)} ${'≈ waits'.padStart(8)}`,
  );
  for (const [call, xs] of times) {
    const cold = xs[0];
    const warm = median(xs.slice(1));
    const waits = (ms) => (ms === undefined ? 'n/a' : (ms / DELAY_MS).toFixed(1));
    console.log(
      `${call.padEnd(34)} ${cold === undefined ? 'n/a'.padStart(8) : cold.toFixed(0).padStart(8)} ${waits(cold).padStart(8)} ${warm === undefined ? 'n/a'.padStart(8) : warm.toFixed(0).padStart(8)} ${waits(warm).padStart(8)}`,
    );
  }
  if (process.env.TRACE) {
    for (const [call, calls] of traces) {
      console.log(`\n${call}: ${calls.length} writes to the database`);
      for (const w of calls)
        console.log(
          `  ${(w.at - calls[0].at).toFixed(0).padStart(4)} ms ${String(w.bytes).padStart(6)} B ${w.statements.map((q) => q.replace(/\s+/g, ' ').slice(0, 90)).join('\n  + ')}`,
        );
    }
  }
} finally {
  await backend.stop();
  proxy.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

/** A 10-digit account number with a valid mod 10 check digit (Nordea 3300: the bank checks it). */
function withMod10CheckDigit(nine) {
  for (let d = 0; d <= 9; d++) {
    const digits = nine + d;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return digits;
  }
  return nine;
}
