import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { jsonAnswers, pathOf } from './json-answers.js';

describe('jsonAnswers', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** A server answering every request with `run`, and the error lines it logged. */
  async function serve(run: () => Promise<unknown>) {
    const lines: { msg?: string; reqId?: string; error?: { type?: string } }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const answer = jsonAnswers([['X-Content-Type-Options', 'nosniff']], log);
    server = createServer((req, res) => {
      answer(req, res, run);
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
  }

  it('answers what the call returns as JSON, not stored, with the fixed headers', async () => {
    const { base } = await serve(async () => ({ result: { ok: true } }));
    const res = await fetch(base);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { ok: true } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a refusal is its envelope with its headers, and no error line', async () => {
    const { base, lines } = await serve(async () => {
      throw new AppError('RESOURCE_EXHAUSTED', 'tooManyRequests', { 'Retry-After': '7' });
    });
    const res = await fetch(base);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: 'tooManyRequests' } });
    expect(lines).toEqual([]);
  });

  it('an answer JSON cannot hold is a 500 in the envelope, logged once (the client is not left without one)', async () => {
    const { base, lines } = await serve(async () => ({ result: { big: 1n } }));
    const res = await fetch(base);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { status: 'INTERNAL', message: 'internal' } });
    expect(lines.filter((l) => l.msg === 'unhandled error')).toHaveLength(1);
    expect(lines[0]?.error?.type).toBe('TypeError');
  });
});

describe('pathOf', () => {
  const path = (url: string) => pathOf({ url } as IncomingMessage);
  it('reads the path as Koa’s router did: no query, absolute form, percent-decoded, one trailing slash off', () => {
    expect(path('/api/register?x=1')).toBe('/api/register');
    expect(path('http://example.org/api/register')).toBe('/api/register');
    expect(path('/api/regist%65r/')).toBe('/api/register');
    expect(path('/')).toBe('/');
    expect(path('/api/%E0%A4%A')).toBe('/api/%E0%A4%A');
    expect(path('*')).toBe('/');
  });
});
