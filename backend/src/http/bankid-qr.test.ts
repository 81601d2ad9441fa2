import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../db/connect.js';
import { animatedQrData } from '../integrations/bankid/qr.js';
import { createQrFrames } from '../modules/bankid/qr-frames.js';
import { createSessionTokens } from '../modules/session/tokens.js';
import { bankIdQrFastPath } from './bankid-qr.js';
import { createRateLimiter } from './rate-limit.js';

const ID = '3f2b8c1e-4d5a-4b6c-9d7e-0a1b2c3d4e5f';
const OTHER = '00000000-0000-4000-8000-000000000001';
const noDatabase = vi.fn(async () => []) as unknown as Queryable;

describe('bankIdQrFastPath', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('answers a known order before Koa; anything else goes on to it', async () => {
    const tokens = createSessionTokens(new Uint8Array(32).fill(7));
    const session = await tokens.issue();
    const frames = createQrFrames({ sql: noDatabase, qrData: animatedQrData, now: Date.now });
    frames.remember(ID, {
      sessionUid: session.uid,
      qrStartToken: 'tok',
      qrStartSecret: 'the-secret',
      createdAt: Date.now(),
    });
    const next = vi.fn((_req, res) => res.writeHead(418).end());
    const limits = {
      perSession: createRateLimiter('s', { limit: 2, windowMs: 60_000 }),
      perAddress: createRateLimiter('a', { limit: 100, windowMs: 60_000 }),
    };
    server = createServer(bankIdQrFastPath(frames, tokens, limits, [], () => '127.0.0.1', next));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ask = (id: string, token = session.idToken) =>
      fetch(`${base}/api/getBankIdQr?transactionId=${id}`, { headers: { Authorization: `Bearer ${token}` } });

    const res = await ask(ID);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 'pending',
      qrData: expect.stringMatching(/^bankid\.tok\.0\./),
    });
    expect(text).not.toContain('the-secret');
    expect(next).not.toHaveBeenCalled();

    expect((await ask(OTHER)).status).toBe(418); // not in memory: Koa reads it
    expect((await ask(ID, 'forged')).status).toBe(418); // Koa answers 401
    expect((await ask(ID)).status).toBe(200);
    expect((await ask(ID)).status).toBe(418); // over the session's limit: Koa answers 429
    expect(next).toHaveBeenCalledTimes(3);
  });
});
