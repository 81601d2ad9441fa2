import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { BankIdError, createBankIdClient } from './client.js';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: unknown;
}
type Answer = (req: IncomingMessage, res: ServerResponse, received: Received) => void;

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A stand-in for BankID that answers every request with `answer` and remembers what it got. */
async function stubBankId(
  answer: Answer,
  server: Server = createHttpServer(),
): Promise<{ baseUrl: string; received: Received[] }> {
  const received: Received[] = [];
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const r = {
      method: req.method!,
      url: req.url!,
      contentType: req.headers['content-type'],
      body: text ? JSON.parse(text) : undefined,
    };
    received.push(r);
    answer(req, res, r);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const scheme = 'cert' in server ? 'https' : 'http';
  return { baseUrl: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/rp/v6.0`, received };
}

const json =
  (status: number, body: unknown): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

const ORDER = { orderRef: 'o-1', autoStartToken: 'a-1', qrStartToken: 'q-1', qrStartSecret: 's-1' };

async function refusal(promise: Promise<unknown>): Promise<BankIdError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BankIdError);
  return err as BankIdError;
}

describe('BankID client', () => {
  it('posts exactly application/json to <baseUrl>/auth and base64-encodes the visible text', async () => {
    const stub = await stubBankId(json(200, ORDER));
    const client = createBankIdClient({ baseUrl: `${stub.baseUrl}/` });
    const order = await client.auth({
      endUserIp: '192.0.2.1',
      requirement: { personalNumber: DEMO_PERSONAL_NUMBERS.member },
      userVisibleData: 'Logga in på *Föreningen*',
      userVisibleDataFormat: 'simpleMarkdownV1',
    });
    expect(order).toEqual(ORDER);
    expect(stub.received[0]).toEqual({
      method: 'POST',
      url: '/rp/v6.0/auth',
      contentType: 'application/json',
      body: {
        endUserIp: '192.0.2.1',
        requirement: { personalNumber: DEMO_PERSONAL_NUMBERS.member },
        userVisibleData: Buffer.from('Logga in på *Föreningen*').toString('base64'),
        userVisibleDataFormat: 'simpleMarkdownV1',
      },
    });
  });

  it("sends returnUrl in the order when the app must return to the browser (BankID's current advice, issue 39 §8)", async () => {
    const stub = await stubBankId(json(200, ORDER));
    const client = createBankIdClient({ baseUrl: stub.baseUrl });
    const back = 'https://konsert.example/sv/memberCheck?resume=abc';
    await client.auth({ endUserIp: '192.0.2.1', returnUrl: back });
    await client.sign({ endUserIp: '192.0.2.1', userVisibleData: 'Gåva', returnUrl: back });
    await client.auth({ endUserIp: '192.0.2.1' });
    expect(stub.received.map((r) => (r.body as { returnUrl?: string }).returnUrl)).toEqual([
      back,
      back,
      undefined,
    ]);
  });

  it('signs with both texts base64-encoded, and collects and cancels by orderRef', async () => {
    const stub = await stubBankId((req, res, r) => {
      if (r.url.endsWith('/sign')) return json(200, ORDER)(req, res, r);
      if (r.url.endsWith('/collect'))
        return json(200, { orderRef: 'o-1', status: 'pending', hintCode: 'someNewHint' })(req, res, r);
      return json(200, {})(req, res, r);
    });
    const client = createBankIdClient({ baseUrl: stub.baseUrl });
    await client.sign({
      endUserIp: '::1',
      userVisibleData: 'Jag ger 200 kr',
      userNonVisibleData: 'ticket 7',
    });
    expect(stub.received[0]!.body).toEqual({
      endUserIp: '::1',
      userVisibleData: Buffer.from('Jag ger 200 kr').toString('base64'),
      userNonVisibleData: Buffer.from('ticket 7').toString('base64'),
    });
    // Hint codes BankID adds later must pass through, not break collecting.
    expect(await client.collect('o-1')).toEqual({
      orderRef: 'o-1',
      status: 'pending',
      hintCode: 'someNewHint',
    });
    await expect(client.cancel('o-1')).resolves.toBeUndefined();
    expect(stub.received.map((r) => [r.url, r.body])).toEqual([
      ['/rp/v6.0/sign', expect.anything()],
      ['/rp/v6.0/collect', { orderRef: 'o-1' }],
      ['/rp/v6.0/cancel', { orderRef: 'o-1' }],
    ]);
  });

  it('turns BankID’s {errorCode, details} into a BankIdError without personal numbers in it', async () => {
    const stub = await stubBankId(
      json(400, {
        errorCode: 'alreadyInProgress',
        details: `Order already in progress for ${DEMO_PERSONAL_NUMBERS.member}`,
      }),
    );
    const err = await refusal(
      createBankIdClient({ baseUrl: stub.baseUrl }).auth({
        endUserIp: '192.0.2.1',
        requirement: { personalNumber: DEMO_PERSONAL_NUMBERS.member },
      }),
    );
    expect(err).toMatchObject({ name: 'BankIdError', errorCode: 'alreadyInProgress', httpStatus: 400 });
    expect(err.message).not.toMatch(/\d{6,}/);
    expect(err.details).not.toContain(DEMO_PERSONAL_NUMBERS.member);
    expect(String(err.stack)).not.toContain(DEMO_PERSONAL_NUMBERS.member);
  });

  it.each([
    [401, '', 'unauthorized'],
    [404, '<html>Not here</html>', 'notFound'],
    [408, '', 'requestTimeout'],
    [500, 'oops', 'internalError'],
    [502, '', 'internalError'],
    [503, '<html>Down for maintenance</html>', 'maintenance'],
  ])('derives errorCode from HTTP %i when the body is not BankID’s', async (status, body, errorCode) => {
    const stub = await stubBankId((_req, res) => {
      res.writeHead(status, { 'Content-Type': 'text/html' });
      res.end(body);
    });
    expect(await refusal(createBankIdClient({ baseUrl: stub.baseUrl }).collect('o-1'))).toMatchObject({
      errorCode,
      httpStatus: status,
    });
  });

  it('refuses an answer that is not what the API promises (invalidResponse)', async () => {
    const stub = await stubBankId((req, res, r) =>
      r.url.endsWith('/auth')
        ? json(200, { orderRef: 'o-1' })(req, res, r)
        : json(200, { orderRef: 'o-1', status: 'complete' })(req, res, r),
    );
    const client = createBankIdClient({ baseUrl: stub.baseUrl });
    expect(await refusal(client.auth({ endUserIp: '192.0.2.1' }))).toMatchObject({
      errorCode: 'invalidResponse',
    });
    // complete without completionData: nothing to trust
    expect(await refusal(client.collect('o-1'))).toMatchObject({ errorCode: 'invalidResponse' });
  });

  it('gives up after timeoutMs with errorCode unreachable', async () => {
    const stub = await stubBankId(() => {
      /* never answers */
    });
    const started = Date.now();
    const err = await refusal(createBankIdClient({ baseUrl: stub.baseUrl, timeoutMs: 150 }).collect('o-1'));
    expect(err).toMatchObject({ errorCode: 'unreachable', httpStatus: 0 });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('tells an observer of each call: method, seconds and outcome (ok or the error code), nothing of the request', async () => {
    let failNext = false;
    const stub = await stubBankId((req, res, r) => {
      if (failNext) return json(400, { errorCode: 'alreadyInProgress', details: 'x' })(req, res, r);
      return r.url.endsWith('/collect')
        ? json(200, { orderRef: 'o-1', status: 'pending', hintCode: 'outstandingTransaction' })(req, res, r)
        : json(200, ORDER)(req, res, r);
    });
    const seen: unknown[] = [];
    const client = createBankIdClient({ baseUrl: stub.baseUrl, observe: (call) => seen.push(call) });
    await client.auth({
      endUserIp: '192.0.2.1',
      requirement: { personalNumber: DEMO_PERSONAL_NUMBERS.member },
    });
    await client.collect('o-1');
    failNext = true;
    await refusal(client.sign({ endUserIp: '192.0.2.1', userVisibleData: 'x' }));
    expect(seen).toEqual([
      { method: 'auth', seconds: expect.any(Number), outcome: 'ok' },
      { method: 'collect', seconds: expect.any(Number), outcome: 'ok' },
      { method: 'sign', seconds: expect.any(Number), outcome: 'alreadyInProgress' },
    ]);
    expect(JSON.stringify(seen)).not.toContain(DEMO_PERSONAL_NUMBERS.member);
  });

  it('reports a refused connection as unreachable', async () => {
    const stub = await stubBankId(json(200, ORDER));
    const baseUrl = stub.baseUrl;
    const s = servers.pop()!;
    await new Promise((resolve) => s.close(resolve));
    expect(await refusal(createBankIdClient({ baseUrl }).auth({ endUserIp: '192.0.2.1' }))).toMatchObject({
      errorCode: 'unreachable',
      httpStatus: 0,
    });
  });
});

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasOpenssl)('BankID client over mutual TLS', () => {
  /** A CA, a server certificate for 127.0.0.1 and a relying-party certificate (PEM and PKCS#12), as BankID's setup has them. */
  function makeCertificates() {
    const dir = mkdtempSync(path.join(tmpdir(), 'bankid-tls-'));
    const f = (name: string) => path.join(dir, name);
    const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f('ca.key'),
      '-out',
      f('ca.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=Test CA',
    );
    for (const [name, cn, ext] of [
      ['server', '127.0.0.1', 'subjectAltName=IP:127.0.0.1'],
      ['rp', 'Test RP', 'extendedKeyUsage=clientAuth'],
    ] as const) {
      ssl(
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        f(`${name}.key`),
        '-out',
        f(`${name}.csr`),
        '-subj',
        `/CN=${cn}`,
      );
      writeFileSync(f(`${name}.ext`), `${ext}\n`);
      ssl(
        'x509',
        '-req',
        '-in',
        f(`${name}.csr`),
        '-CA',
        f('ca.pem'),
        '-CAkey',
        f('ca.key'),
        '-CAcreateserial',
        '-out',
        f(`${name}.pem`),
        '-days',
        '1',
        '-extfile',
        f(`${name}.ext`),
      );
    }
    ssl(
      'pkcs12',
      '-export',
      '-inkey',
      f('rp.key'),
      '-in',
      f('rp.pem'),
      '-out',
      f('rp.p12'),
      '-passout',
      'pass:qwerty123',
    );
    const read = (name: string) => readFileSync(f(name));
    const certs = {
      ca: read('ca.pem'),
      serverKey: read('server.key'),
      serverCert: read('server.pem'),
      rpKey: read('rp.key'),
      rpCert: read('rp.pem'),
      rpPfx: read('rp.p12'),
    };
    rmSync(dir, { recursive: true, force: true });
    return certs;
  }

  it('presents the relying-party certificate (pfx or cert/key) and trusts only the given CA', async () => {
    const certs = makeCertificates();
    const server = createHttpsServer({
      key: certs.serverKey,
      cert: certs.serverCert,
      ca: certs.ca,
      requestCert: true,
      rejectUnauthorized: true,
    });
    let clientCn: string | undefined;
    const stub = await stubBankId((req, res, r) => {
      clientCn = String((req.socket as TLSSocket).getPeerCertificate().subject?.CN);
      json(200, ORDER)(req, res, r);
    }, server);

    const withPfx = createBankIdClient({
      baseUrl: stub.baseUrl,
      tls: { pfx: certs.rpPfx, passphrase: 'qwerty123', ca: certs.ca },
    });
    expect(await withPfx.auth({ endUserIp: '192.0.2.1' })).toEqual(ORDER);
    expect(clientCn).toBe('Test RP');
    await withPfx.close();

    const withPem = createBankIdClient({
      baseUrl: stub.baseUrl,
      tls: { cert: certs.rpCert, key: certs.rpKey, ca: certs.ca },
    });
    expect(await withPem.auth({ endUserIp: '192.0.2.1' })).toEqual(ORDER);
    await withPem.close();

    // Without the relying-party certificate the handshake fails: nothing reached BankID.
    const anonymous = createBankIdClient({ baseUrl: stub.baseUrl, tls: { ca: certs.ca } });
    expect(await refusal(anonymous.auth({ endUserIp: '192.0.2.1' }))).toMatchObject({
      errorCode: 'unreachable',
    });
    await anonymous.close();
    expect(stub.received).toHaveLength(2);
  }, 30_000);
});
