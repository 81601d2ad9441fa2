// What the drills share: a scratch database on the local PostgreSQL, the API called as a phone
// behind an address of its own (X-Forwarded-For, the backend trusting 127.0.0.1), and made-up
// adults' personal numbers.
import { randomInt } from 'node:crypto';
import postgres from 'postgres';
import { request } from 'undici';

/** The demo's fixture persons (CONTRACT.md §4): never made up by a drill. */
const FIXTURES = [
  '198503151238',
  '199001012344',
  '199207123457',
  '197811244560',
  '198808085677',
  '196505052347',
  '197102145674',
];

/** A new database `<prefix>_<time>` on `serverUrl` (127.0.0.1 only), a small pool on it, and its removal. */
export async function scratchDatabase(serverUrl, prefix) {
  if (!/^postgres(ql)?:\/\/[^/]*(127\.0\.0\.1|localhost)[:/]/.test(serverUrl)) {
    console.error(`${prefix}: runs against a PostgreSQL on 127.0.0.1 only`);
    process.exit(2);
  }
  const name = `${prefix}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = postgres(url.href, { max: 2, onnotice: () => {} });
  return {
    url: url.href,
    db,
    async drop() {
      await db.end();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** `call(path, {body, token, address})`: the API as a phone at `address` sees it; the body parsed. */
export function apiCaller(baseUrl, dispatcher) {
  return async function call(path, { body, token, address, method = 'POST' } = {}) {
    const res = await request(`${baseUrl}${path}`, {
      method,
      dispatcher,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
  };
}

/** A made-up adult's personal number (Luhn, born 1960–1999), never a fixture and never one `used` already has. */
export function madeUpPersonalNumber(used = new Set()) {
  for (;;) {
    const digits = `${randomInt(60, 100)}${String(randomInt(1, 13)).padStart(2, '0')}${String(randomInt(1, 29)).padStart(2, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      const d = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
      sum += d > 9 ? d - 9 : d;
    }
    const pn = `19${digits}${(10 - (sum % 10)) % 10}`;
    if (!FIXTURES.includes(pn) && !used.has(pn)) return (used.add(pn), pn);
  }
}
