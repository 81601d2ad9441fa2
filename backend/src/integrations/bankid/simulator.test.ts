import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { serveMounted } from '../../../test/serve-mounted.js';
import { BankIdError, createBankIdClient, type BankIdClient } from './client.js';
import { createSimulatedSigner } from './simulated-signature.js';
import { createBankIdSimulator, type BankIdSimulatorOptions } from './simulator.js';

// The signing key is made once per process (≈1 s); not inside a test's client timeout.
beforeAll(() => createSimulatedSigner().then(() => undefined), 30_000);

const MEMBER = DEMO_PERSONAL_NUMBERS.member; // Maria Lind, completes by herself
const CANCELLER = DEMO_PERSONAL_NUMBERS.cancels; // Anna Sjöberg, cancels by herself
const STRANGER = '199512241236'; // not a fixture: waits for approval on the page
const IP = '192.0.2.10';

interface Running {
  baseUrl: string;
  client: BankIdClient;
  clock: { now: number };
  /** A request to the simulator's pages (not the RP API). */
  page(path: string, init?: RequestInit): Promise<Response>;
  /** A raw RP API call, for bodies the typed client would never send. */
  rawRp(method: string, body: string, contentType?: string): Promise<{ status: number; body: unknown }>;
  /** Submits one of the page's forms the way a browser would. */
  submit(action: string, fields: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

const running: Running[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

/** The simulator mounted under /sim/bankid as the app mounts it, on an ephemeral port. */
async function startSimulator(
  options: Partial<BankIdSimulatorOptions> = {},
  useClock = false,
): Promise<Running> {
  const clock = { now: 1_700_000_000_000 };
  const simulator = createBankIdSimulator({
    appPath: '/sim/bankid/app',
    autoCompleteMs: 100,
    ...(useClock ? { now: () => clock.now } : {}),
    ...options,
  });
  const served = await serveMounted('/sim/bankid', simulator.router);
  const baseUrl = served.origin;
  const client = createBankIdClient({ baseUrl: `${baseUrl}/sim/bankid/rp/v6.0`, timeoutMs: 2_000 });
  const r: Running = {
    baseUrl,
    client,
    clock,
    page: (path, init) => fetch(baseUrl + path, { redirect: 'manual', ...init }),
    async rawRp(method, body, contentType = 'application/json') {
      const res = await fetch(`${baseUrl}/sim/bankid/rp/v6.0/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body,
      });
      return { status: res.status, body: await res.json() };
    },
    submit: (action, fields) =>
      fetch(baseUrl + action, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    async close() {
      simulator.stop();
      await client.close();
      await served.close();
    },
  };
  running.push(r);
  return r;
}

async function refusal(promise: Promise<unknown>): Promise<BankIdError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BankIdError);
  return err as BankIdError;
}

describe('BankID simulator through the real client', () => {
  it('completes a fixture person’s order by itself after autoCompleteMs, with the fixture’s names', async () => {
    const { client, clock } = await startSimulator({}, true);
    const order = await client.auth({ endUserIp: IP, requirement: { personalNumber: MEMBER } });
    expect(order.orderRef).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.autoStartToken).toBeTruthy();
    expect(order.qrStartToken).toBeTruthy();
    expect(order.qrStartSecret).toBeTruthy();
    expect(await client.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });

    clock.now += 150; // a fake clock: no timing race on a busy machine
    const done = await client.collect(order.orderRef);
    expect(done.status).toBe('complete');
    expect(done.completionData?.user).toEqual({
      personalNumber: MEMBER,
      givenName: 'Maria',
      surname: 'Lind',
      name: 'Maria Lind',
    });
    expect(done.completionData?.device.ipAddress).toBe(IP);
    expect(done.completionData?.bankIdIssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Buffer.from(done.completionData!.ocspResponse, 'base64').length).toBeGreaterThan(0);
    expect(Buffer.from(done.completionData!.signature, 'base64').toString('utf8')).toContain(
      '<bankIdSignedData',
    );

    // As the real service: complete is answered once; BankID then no longer knows the order.
    expect(await refusal(client.collect(order.orderRef))).toMatchObject({
      errorCode: 'invalidParameters',
      httpStatus: 400,
      details: 'No such order',
    });
    expect(await refusal(client.cancel(order.orderRef))).toMatchObject({ errorCode: 'invalidParameters' });
  });

  it('fails the userCancel fixture’s order with hintCode userCancel', async () => {
    const { client, clock } = await startSimulator({}, true);
    const order = await client.auth({ endUserIp: IP, requirement: { personalNumber: CANCELLER } });
    clock.now += 150; // a fake clock: no timing race on a busy machine
    expect(await client.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: 'failed',
      hintCode: 'userCancel',
    });
  });

  it('keeps any other person’s order pending until it is approved on the approval page', async () => {
    const sim = await startSimulator({}, true);
    const order = await sim.client.auth({ endUserIp: IP, requirement: { personalNumber: STRANGER } });
    sim.clock.now += 150; // a fake clock: no timing race on a busy machine
    expect((await sim.client.collect(order.orderRef)).hintCode).toBe('outstandingTransaction');

    const page = await sim.page(`/sim/bankid/app?autostarttoken=${order.autoStartToken}&redirect=null`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('action="/sim/bankid/app/approve"');
    expect(html).toContain('19951224-****');
    expect(html).not.toContain(STRANGER);
    expect(await sim.client.collect(order.orderRef)).toMatchObject({
      status: 'pending',
      hintCode: 'userSign',
    });

    const approved = await sim.submit('/sim/bankid/app/approve', {
      orderRef: order.orderRef,
      returnTo: 'app',
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/sim/bankid/app?autostarttoken=${order.autoStartToken}`);
    const done = await sim.client.collect(order.orderRef);
    expect(done.status).toBe('complete');
    expect(done.completionData?.user).toEqual({
      personalNumber: STRANGER,
      givenName: 'Test',
      surname: 'Testsson',
      name: 'Test Testsson',
    });
    expect(await (await sim.page(approved.headers.get('location')!)).text()).toContain('Approved');
  });

  it("goes back to the order's returnUrl once decided (RP API v6), whatever the launch link's redirect", async () => {
    const sim = await startSimulator();
    const returnUrl = 'https://konsert.example/sv/memberCheck?resume=ref';
    const order = await sim.client.auth({
      endUserIp: IP,
      requirement: { personalNumber: STRANGER },
      returnUrl,
    });
    const elsewhere = encodeURIComponent(`${sim.baseUrl}/sv/other`);
    expect(
      (await sim.page(`/sim/bankid/app?autostarttoken=${order.autoStartToken}&redirect=${elsewhere}`)).status,
    ).toBe(200);
    const approved = await sim.submit('/sim/bankid/app/approve', {
      orderRef: order.orderRef,
      returnTo: 'app',
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(returnUrl);
    const bad = await sim.rawRp('auth', JSON.stringify({ endUserIp: IP, returnUrl: 'javascript:alert(1)' }));
    expect(bad).toEqual({
      status: 400,
      body: { errorCode: 'invalidParameters', details: 'Invalid returnUrl' },
    });
  });

  it('asks for a personal number when approving an order that requires none, and signs exactly the shown text', async () => {
    const sim = await startSimulator();
    const text = '# Autogiro\n\nJag ger *200 kr per månad*.';
    const order = await sim.client.sign({
      endUserIp: IP,
      userVisibleData: text,
      userVisibleDataFormat: 'simpleMarkdownV1',
      userNonVisibleData: 'ref-1',
    });
    const html = await (await sim.page(`/sim/bankid/app?autostarttoken=${order.autoStartToken}`)).text();
    expect(html).toContain('name="personalNumber"');
    expect(html).toContain('<strong>200 kr per månad</strong>');
    expect((await sim.client.collect(order.orderRef)).hintCode).toBe('started');

    const missing = await sim.submit('/sim/bankid/app/approve', { orderRef: order.orderRef });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('12 digits');
    expect((await sim.client.collect(order.orderRef)).status).toBe('pending');

    expect(
      (
        await sim.submit('/sim/bankid/app/approve', {
          orderRef: order.orderRef,
          personalNumber: '19900101-2344',
        })
      ).status,
    ).toBe(303);
    const done = await sim.client.collect(order.orderRef);
    expect(done.completionData?.user).toMatchObject({
      personalNumber: DEMO_PERSONAL_NUMBERS.nonMember,
      givenName: 'Erik',
      surname: 'Holm',
    });
    const signature = Buffer.from(done.completionData!.signature, 'base64').toString('utf8');
    const signed = /<usrVisibleData[^>]*format="simpleMarkdownV1"[^>]*>([^<]+)</.exec(signature)?.[1];
    expect(Buffer.from(signed!, 'base64').toString('utf8')).toBe(text);
    expect(signature).toContain(
      `<usrNonVisibleData>${Buffer.from('ref-1').toString('base64')}</usrNonVisibleData>`,
    );
  });

  it('fails the order with userCancel when Cancel is pressed on the page', async () => {
    const sim = await startSimulator();
    const order = await sim.client.auth({ endUserIp: IP, requirement: { personalNumber: STRANGER } });
    const res = await sim.submit('/sim/bankid/app/cancel', { orderRef: order.orderRef, returnTo: 'list' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sim/bankid/');
    expect(await sim.client.collect(order.orderRef)).toMatchObject({
      status: 'failed',
      hintCode: 'userCancel',
    });
  });

  it('forgets an order the relying party cancels', async () => {
    const { client } = await startSimulator();
    const order = await client.auth({ endUserIp: IP, requirement: { personalNumber: STRANGER } });
    await expect(client.cancel(order.orderRef)).resolves.toBeUndefined();
    const err = await refusal(client.collect(order.orderRef));
    expect(err).toMatchObject({ errorCode: 'invalidParameters', httpStatus: 400 });
    // Cancelling frees the person for a new order.
    await expect(
      client.auth({ endUserIp: IP, requirement: { personalNumber: STRANGER } }),
    ).resolves.toHaveProperty('orderRef');
  });

  it('expires a pending order after orderTtlMs, then forgets it', async () => {
    const sim = await startSimulator({ orderTtlMs: 180_000, forgetAfterMs: 60_000 }, true);
    const order = await sim.client.auth({ endUserIp: IP, requirement: { personalNumber: STRANGER } });
    sim.clock.now += 179_999;
    expect((await sim.client.collect(order.orderRef)).status).toBe('pending');
    sim.clock.now += 1;
    expect(await sim.client.collect(order.orderRef)).toMatchObject({
      status: 'failed',
      hintCode: 'expiredTransaction',
    });
    sim.clock.now += 60_000;
    expect(await refusal(sim.client.collect(order.orderRef))).toMatchObject({
      errorCode: 'invalidParameters',
    });
  });

  it('refuses a second order for the same person with alreadyInProgress and cancels the first', async () => {
    const { client } = await startSimulator();
    const first = await client.auth({ endUserIp: IP, requirement: { personalNumber: STRANGER } });
    const err = await refusal(
      client.sign({ endUserIp: IP, requirement: { personalNumber: STRANGER }, userVisibleData: 'Sign' }),
    );
    expect(err).toMatchObject({ errorCode: 'alreadyInProgress', httpStatus: 400 });
    expect(err.message).not.toContain(STRANGER);
    expect(await client.collect(first.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
    // Both are gone now, so the next order starts.
    await expect(
      client.auth({ endUserIp: IP, requirement: { personalNumber: STRANGER } }),
    ).resolves.toHaveProperty('orderRef');
  });

  it('lets the fixture persons, shared by everyone trying the demo, have orders side by side: each completes', async () => {
    const sim = await startSimulator({}, true);
    const member = DEMO_PERSONAL_NUMBERS.member;
    const orders = await Promise.all([
      sim.client.auth({ endUserIp: IP, requirement: { personalNumber: member } }),
      sim.client.auth({ endUserIp: IP, requirement: { personalNumber: member } }),
    ]);
    sim.clock.now += 60_000;
    for (const order of orders)
      expect(await sim.client.collect(order.orderRef)).toMatchObject({ status: 'complete' });
  });

  it('answers invalidParameters for bad input, as the real service does', async () => {
    const sim = await startSimulator();
    const cases: Promise<unknown>[] = [
      sim.client.auth({ endUserIp: 'not-an-ip' }),
      sim.client.auth({ endUserIp: IP, requirement: { personalNumber: '8503151238' } }),
      sim.client.sign({ endUserIp: IP, userVisibleData: 'x'.repeat(40_000) }),
    ];
    for (const c of cases)
      expect(await refusal(c)).toMatchObject({ errorCode: 'invalidParameters', httpStatus: 400 });

    const raw = [
      ['auth', JSON.stringify({ endUserIp: IP, userVisibleData: 'not base64!' })],
      ['sign', JSON.stringify({ endUserIp: IP })],
      ['auth', JSON.stringify({ endUserIp: IP, userVisibleDataFormat: 'html', userVisibleData: 'aGk=' })],
      ['auth', JSON.stringify({ requirement: { personalNumber: MEMBER } })],
      ['auth', '{not json'],
      ['collect', JSON.stringify({})],
    ] as const;
    for (const [method, body] of raw) {
      const res = await sim.rawRp(method, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'invalidParameters', details: expect.any(String) });
    }
  });

  it('answers invalidParameters for an unknown orderRef (as the real service), and the API’s own errors for wrong media type, method or path', async () => {
    const sim = await startSimulator();
    // Recorded from the real service: 400 {"errorCode":"invalidParameters","details":"No such order"}.
    expect(await refusal(sim.client.collect('00000000-0000-4000-8000-000000000000'))).toMatchObject({
      errorCode: 'invalidParameters',
      httpStatus: 400,
      details: 'No such order',
    });
    expect(await refusal(sim.client.cancel('00000000-0000-4000-8000-000000000000'))).toMatchObject({
      errorCode: 'invalidParameters',
      httpStatus: 400,
    });
    const charset = await sim.rawRp(
      'auth',
      JSON.stringify({ endUserIp: IP }),
      'application/json; charset=utf-8',
    );
    expect(charset).toMatchObject({ status: 415, body: { errorCode: 'unsupportedMediaType' } });
    const get = await fetch(`${sim.baseUrl}/sim/bankid/rp/v6.0/collect`);
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ errorCode: 'methodNotAllowed' });
    const unknown = await sim.rawRp('phone/auth', '{}');
    expect(unknown).toMatchObject({ status: 404, body: { errorCode: 'notFound' } });
  });

  it('escapes everything on the approval page and serves no script', async () => {
    const sim = await startSimulator();
    const order = await sim.client.sign({
      endUserIp: IP,
      requirement: { personalNumber: STRANGER },
      userVisibleData: '<script>alert("x")</script> & \'quoted\'\n+ <img src=x onerror=alert(1)>',
    });
    const res = await sim.page(`/sim/bankid/app?autostarttoken=${order.autoStartToken}`);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quoted&#39;');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toMatch(/<button type="submit" class="approve">Approve<\/button>/);
    expect(html).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);
    expect((await sim.page('/sim/bankid/sim.css')).status).toBe(200);
    expect((await sim.page('/sim/bankid/app?autostarttoken=nope')).status).toBe(404);
  });

  it('lists pending orders with masked personal numbers, each with Approve and Cancel', async () => {
    const sim = await startSimulator({ fixtures: [] });
    const a = await sim.client.auth({ endUserIp: IP, requirement: { personalNumber: MEMBER } });
    const b = await sim.client.auth({ endUserIp: IP });
    const html = await (await sim.page('/sim/bankid/')).text();
    expect(html).toContain('19850315-****');
    expect(html).not.toContain(MEMBER);
    expect(html.match(/class="approve"/g)).toHaveLength(2);
    expect(html.match(/class="cancel"/g)).toHaveLength(2);
    expect(html).toContain(`value="${a.orderRef}"`);
    expect(html).toContain(`value="${b.orderRef}"`);
    expect(await (await sim.page('/sim/bankid')).text()).toBe(html); // with or without the trailing slash

    expect(
      (await sim.submit('/sim/bankid/app/approve', { orderRef: a.orderRef, returnTo: 'list' })).headers.get(
        'location',
      ),
    ).toBe('/sim/bankid/');
    // With no fixtures, even a fixture's number waited for the hand approval.
    expect((await sim.client.collect(a.orderRef)).completionData?.user.givenName).toBe('Test');
    expect(await (await sim.page('/sim/bankid/')).text()).not.toContain(`value="${a.orderRef}"`);
  });
});
