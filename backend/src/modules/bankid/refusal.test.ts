import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSIENT_STATUSES } from '@concert/shared/universal';
import { createBankIdClient } from '../../integrations/bankid/client.js';
import { bankIdRefusal } from './refusal.js';

// Answers of the real RP API v6.0 as recorded (status, body), and what the visitor is told.
const RECORDED: [status: number, body: string, errorId: string, retried: boolean][] = [
  [
    400,
    '{"errorCode":"alreadyInProgress","details":"Order already in progress for pno"}',
    'bankIdAlreadyInProgress',
    false,
  ],
  [400, '{"errorCode":"invalidParameters","details":"No such order"}', 'internal', false],
  [401, '{"errorCode":"unauthorized","details":"Unauthorized"}', 'internal', false],
  [404, '{"errorCode":"notFound","details":"Not found"}', 'internal', false],
  [405, '{"errorCode":"methodNotAllowed","details":"Method not allowed"}', 'internal', false],
  [408, '{"errorCode":"requestTimeout","details":"Request timeout"}', 'bankIdInternalError', false],
  [415, '{"errorCode":"unsupportedMediaType","details":"Unsupported media type"}', 'internal', false],
  [500, '{"errorCode":"internalError","details":"Internal error"}', 'bankIdInternalError', false],
  [503, '{"errorCode":"maintenance","details":"Service unavailable"}', 'timeout', true],
  [400, '{"errorCode":"someNewCode","details":"Added later"}', 'bankIdFailed', false],
  [502, '<html>Bad gateway</html>', 'bankIdInternalError', false],
];

let server: Server;
let baseUrl: string;
let next: { status: number; body: string };
beforeAll(async () => {
  server = createServer((_req, res) =>
    res.writeHead(next.status, { 'Content-Type': 'application/json' }).end(next.body),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rp/v6.0`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('a BankID refusal as the visitor sees it', () => {
  it.each(RECORDED)('HTTP %i %s → %s (retried: %s)', async (status, body, errorId, retried) => {
    next = { status, body };
    const client = createBankIdClient({ baseUrl });
    const err = await client.collect('9f0c1c4e-0000-4000-8000-000000000000').then(
      () => undefined,
      (e: unknown) => e,
    );
    await client.close();
    const refusal = bankIdRefusal(err);
    expect(refusal.errorId).toBe(errorId);
    // Only a transient status is retried by the client (CONTRACT.md §2); BankID allows it for maintenance only.
    expect(TRANSIENT_STATUSES.includes(refusal.status)).toBe(retried);
  });

  it('no answer at all (network, timeout) is retried: nothing reached BankID, or a collect', async () => {
    const client = createBankIdClient({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 500 });
    const err = await client.collect('x').catch((e: unknown) => e);
    await client.close();
    expect(bankIdRefusal(err)).toMatchObject({ status: 'UNAVAILABLE', errorId: 'timeout' });
    expect((err as { reason: string }).reason).toMatch(/^BankID unreachable: ECONNREFUSED/);
  });
});
