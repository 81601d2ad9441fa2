// Issue 29 §1: the server keeps the visitor's place in the sign-up for the session, sealed, and
// vouches for it on read: a reload resumes the step, with the reservation and the sign's outcome
// as the server has them, and an identification the session never completed is not believed.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import type { FlowSnapshot } from '@concert/shared/api';
import { createDoorCodes } from '../src/modules/tickets/door-codes.js';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_BANKID_DELAY_MS: '50' });
});
afterAll(() => app.close());

/** The secret a browser keeps and sends with an order that has a way back (issue 39 §9). */
const BROWSER_KEY = randomBytes(32).toString('base64url');

function snapshot(over: Partial<FlowSnapshot> = {}): FlowSnapshot {
  return {
    step: 'memberCheck',
    draft: { personalNumber: '', email: '' },
    person: {
      firstName: '',
      lastName: '',
      personalNumber: '',
      email: '',
      phone: '',
      address: '',
      zipCode: '',
      city: '',
      isMember: false,
      personId: null,
      paymentType: 0,
    },
    authenticatedUser: null,
    paymentInfo: null,
    userState: null,
    newMemberAmount: 150,
    detailsDone: false,
    accountInfo: null,
    bankIdOrder: null,
    queuedEmail: null,
    queueOffer: false,
    ...over,
  };
}

describe('saveFlow / getFlow (issue 29)', () => {
  it('a session with nothing saved reads back nothing but its place', async () => {
    const v = await visitor(app);
    const place = await v.register();
    const res = await v.call('getFlow');
    expect(res.body).toEqual({
      result: {
        flow: null,
        ticketData: { ...place, reserved: false, isConfirmed: false },
        signCompleted: false,
      },
    });
  });

  it('after identification a reload gets the step back with the reservation, sealed at rest (no personal data in plain)', async () => {
    const v = await visitor(app);
    await v.register();
    const pn = generatedPersonalNumber();
    const user = await v.authenticate(pn);
    const info = await v.call('getPersonalInfo', { personalNumber: pn, email: 'resume@example.se' });
    const flow = snapshot({
      step: 'becomeMember',
      draft: { personalNumber: pn, email: 'resume@example.se' },
      person: {
        ...snapshot().person,
        personalNumber: pn,
        email: 'resume@example.se',
        firstName: user.givenName,
        lastName: 'Testsson',
        phone: '0701234567',
        address: 'Storgatan 9',
      },
      authenticatedUser: {
        personalNumber: pn,
        givenName: user.givenName,
        surname: 'Testsson',
        name: `${user.givenName} Testsson`,
      },
      paymentInfo: info.body.result.paymentData,
      newMemberAmount: 170,
    });
    expect((await v.call('saveFlow', { flow })).body).toEqual({ result: { saved: true } });
    const back = (await v.call('getFlow')).body.result;
    expect(back.flow).toEqual(flow);
    expect(back.ticketData).toMatchObject({ reserved: true, isConfirmed: false });
    expect(back.ticketData.validUntil).toBeGreaterThan(Date.now());
    const [row] = await app.db.sql`SELECT state_sealed FROM session_flows WHERE session_uid = ${v.uid}`;
    for (const personal of [pn, 'resume@example.se', 'Storgatan', '0701234567'])
      expect(row!.stateSealed).not.toContain(personal);
    // another session cannot read it
    const other = await visitor(app);
    expect((await other.call('getFlow')).body.result.flow).toBeNull();
  });

  it('an identification the session did not complete is dropped with all that followed it', async () => {
    const v = await visitor(app);
    await v.register();
    const pn = generatedPersonalNumber();
    const claimed = snapshot({
      step: 'addAutoGiro',
      person: { ...snapshot().person, personalNumber: pn, firstName: 'Falsk', email: 'x@example.se' },
      authenticatedUser: { personalNumber: pn, givenName: 'Falsk', surname: 'Person', name: 'Falsk Person' },
      paymentInfo: { minimumRaise: 150, months: 3, previousAmount: 0 },
      detailsDone: true,
      accountInfo: { bank: 'SHB', clearingNumber: '6000', accountNumber: '123456789' },
    });
    await v.call('saveFlow', { flow: claimed });
    const back = (await v.call('getFlow')).body.result.flow;
    expect(back).toMatchObject({
      step: 'memberCheck',
      authenticatedUser: null,
      paymentInfo: null,
      detailsDone: false,
      accountInfo: null,
    });
    expect(back.person.firstName).toBe('');
  });

  it('the sign outcome is the server’s: a completed sign reads back as done, the ticket confirmed', async () => {
    const v = await visitor(app);
    const place = await v.register();
    const member = DEMO_PERSONAL_NUMBERS.member;
    await v.authenticate(member);
    await v.call('getPersonalInfo', { personalNumber: member, email: 'maria@example.se' });
    expect((await v.call('getFlow')).body.result.signCompleted).toBe(false);
    const sign = await v.call('startBankIDSign', {
      personalNumber: member,
      ticketId: place.ticketId,
      donationAmount: 75,
      signType: 'raise',
      lang: 'sv',
    });
    expect(sign.status, JSON.stringify(sign.body)).toBe(200);
    expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
    const back = (await v.call('getFlow')).body.result;
    expect(back.signCompleted).toBe(true);
    expect(back.ticketData).toBeNull(); // confirmed: no hold to count down
    // the attendee's ticket page, by the door code only the ticket e-mail carries (issue 29 §4)
    const [stored] = await app.db.sql<
      { doorCodeHash: string; doorCodeSealed: string }[]
    >`SELECT door_code_hash, door_code_sealed FROM tickets WHERE attendee_email = 'maria@example.se' AND confirmed_at IS NOT NULL`;
    const row = { externalId: createDoorCodes(app.protector).open(stored!)! };
    const page = await (await visitor(app)).call('getTicket', { code: row!.externalId });
    expect(page.body.result).toEqual({
      firstName: 'Maria',
      lastName: expect.any(String),
      code: row!.externalId,
      scanUrl: `${app.config.publicUrl}/admin/scan/${row!.externalId}`,
      // The concert it is for, as the status tells of the current one.
      concert: (await app.request('/api/getConcertStatus')).body.concert,
      copyVariables: (await app.request('/api/getConcertStatus')).body.copyVariables,
    });
    expect((await v.call('getTicket', { code: 'f'.repeat(32) })).body).toEqual({
      error: { status: 'NOT_FOUND', message: 'notFound' },
    });
    expect((await v.call('getTicket', { code: place.ticketId })).body).toEqual({
      error: { status: 'NOT_FOUND', message: 'notFound' },
    }); // a hold's id opens nothing
    expect((await v.call('getTicket', { code: '../admin' })).status).toBe(400);
  });

  it('starting over forgets the saved place; a snapshot that breaks the schema is refused and nothing is saved', async () => {
    const v = await visitor(app);
    await v.register();
    await v.call('saveFlow', { flow: snapshot({ queuedEmail: 'kö@example.se', step: 'inQueue' }) });
    await v.call('deregisterClient');
    expect((await v.call('getFlow')).body.result.flow).toBeNull();
    for (const bad of [
      { ...snapshot(), step: 'admin' },
      { ...snapshot(), extra: 1 },
      { ...snapshot(), draft: { personalNumber: 'x'.repeat(5000), email: '' } },
    ]) {
      const res = await v.call('saveFlow', { flow: bad });
      expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
    expect((await v.call('getFlow')).body.result.flow).toBeNull();
    expect((await app.call('getFlow', {})).status).toBe(401);
  });

  it('§2 the BankID app goes back (iOS) to the step with a one-time reference that resumes the session in any tab', async () => {
    const v = await visitor(app);
    await v.register();
    const pn = generatedPersonalNumber();
    const android = await v.call('startBankIDAuth', { personalNumber: pn });
    expect(android.body.result.url).toMatch(/redirect=null$/);
    await v.call('cancelBankIDSession', { transactionId: android.body.result.transactionId });
    const ios = await v.call('startBankIDAuth', {
      personalNumber: pn,
      returnTo: '/sv/memberCheck',
      returnKey: BROWSER_KEY,
    });
    // The way back travels with the order (returnUrl), not in the launch link (BankID's RP API v6):
    // "the app" (the simulator) goes there once the visitor has approved.
    const link = new URL(ios.body.result.url, app.baseUrl);
    expect(link.searchParams.has('redirect')).toBe(false);
    const page = await app.request(`${link.pathname}${link.search}`);
    const orderRef = /name="orderRef" value="([^"]+)"/.exec(page.body as string)![1]!;
    const decided = await fetch(`${app.baseUrl}${link.pathname}/approve`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ orderRef, returnTo: 'app' }).toString(),
    });
    expect(decided.status).toBe(303);
    const back = new URL(decided.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${app.config.publicUrl}/sv/memberCheck`);
    const reference = back.searchParams.get('resume')!;
    expect(reference).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await app.db.sql`SELECT code_hash FROM session_resumes`;
    expect(JSON.stringify(stored)).not.toContain(reference); // only its hash is kept
    // a new tab without the session takes it over: the same uid, its flow and the order
    const tab = await app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ resume: reference, resumeKey: BROWSER_KEY }),
    });
    expect(tab.status).toBe(200);
    expect(tab.body.uid).toBe(v.uid);
    const status = await app.call(
      'checkBankIdTransactionStatus',
      { transactionId: ios.body.result.transactionId },
      tab.body.idToken,
    );
    expect(status.status).toBe(200);
    // once only, and nothing else gets a session that way
    const again = await app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ resume: reference, resumeKey: BROWSER_KEY }),
    });
    expect(again.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    for (const bad of ['x'.repeat(43), 42, '']) {
      const res = await app.request('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ resume: bad, resumeKey: BROWSER_KEY }),
      });
      expect(res.status).toBe(400);
    }
    // only a step of this site is a way back
    for (const returnTo of [
      'https://evil.example/sv/memberCheck',
      '//evil.example/x',
      '/sv/../admin',
      '/admin/door',
    ]) {
      expect(
        (
          await v.call('startBankIDAuth', {
            personalNumber: generatedPersonalNumber(),
            returnTo,
            returnKey: BROWSER_KEY,
          })
        ).body,
      ).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
  });
});

describe('session fixation (issue 39 §9): a return reference is good only in the browser that started the order', () => {
  const openSession = (body: unknown) =>
    app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sessionStart = (idToken: string) =>
    (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sst: number }).sst;

  /** An order with a way back, started by `v` in the browser that keeps `key`: its reference. */
  async function returnReference(v: Awaited<ReturnType<typeof visitor>>, key: string): Promise<string> {
    const started = await v.call('startBankIDAuth', {
      personalNumber: generatedPersonalNumber(),
      returnTo: '/sv/memberCheck',
      returnKey: key,
    });
    expect(started.status).toBe(200);
    // The way back travels with the order (returnUrl): "the app" (the simulator's page) holds it.
    const link = new URL(started.body.result.url, app.baseUrl);
    const page = (await app.request(`${link.pathname}${link.search}`)).body as string;
    const back = /name="redirect" value="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&');
    await v.call('cancelBankIDSession', { transactionId: started.body.result.transactionId });
    return new URL(back).searchParams.get('resume')!;
  }

  it("a foreign reference is refused: another browser's key, or none, gets no session and no personal data", async () => {
    const attacker = await visitor(app);
    await attacker.register();
    const attackerKey = randomBytes(32).toString('base64url');
    const reference = await returnReference(attacker, attackerKey);
    // The victim's browser opens the attacker's link: it has a key of its own, not the attacker's.
    const victimKey = randomBytes(32).toString('base64url');
    for (const body of [
      { resume: reference, resumeKey: victimKey },
      { resume: reference },
      { resume: reference, resumeKey: reference },
    ]) {
      const res = await openSession(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
    // Negative control: the reference was not spent by the refusals; the starting browser still redeems it.
    const own = await openSession({ resume: reference, resumeKey: attackerKey });
    expect(own.status).toBe(200);
    expect(own.body.uid).toBe(attacker.uid);
  });

  it('an order with a way back but without the browser key is refused (no unbound reference is made)', async () => {
    const v = await visitor(app);
    await v.register();
    const before = (await app.db.sql`SELECT count(*)::int AS n FROM session_resumes`)[0]!.n as number;
    const res = await v.call('startBankIDAuth', {
      personalNumber: generatedPersonalNumber(),
      returnTo: '/sv/memberCheck',
    });
    expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    const after = (await app.db.sql`SELECT count(*)::int AS n FROM session_resumes`)[0]!.n as number;
    expect(after).toBe(before);
  });

  it("a tab holding a live session of its own is not taken over without asking; its own session's reference needs no question", async () => {
    const key = randomBytes(32).toString('base64url');
    const started = await visitor(app);
    await started.register();
    const reference = await returnReference(started, key);
    const other = await visitor(app); // another tab of the same browser, with its own sign-up
    const asked = await openSession({ resume: reference, resumeKey: key, holding: other.idToken });
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({ error: { status: 'ABORTED', message: 'invalidState' } });
    // The visitor chose to continue the BankID sign-up: the reference was kept for it.
    const replaced = await openSession({ resume: reference, resumeKey: key, replace: true });
    expect(replaced.status).toBe(200);
    expect(replaced.body.uid).toBe(started.uid);
    // The tab that started the order comes back to its own session: no question.
    const second = await returnReference(started, key);
    const same = await openSession({ resume: second, resumeKey: key, holding: started.idToken });
    expect(same.status).toBe(200);
    expect(same.body.uid).toBe(started.uid);
  });

  it("redeeming keeps the session's original start: the 2-hour maximum age is not restarted", async () => {
    const key = randomBytes(32).toString('base64url');
    const v = await visitor(app);
    await v.register();
    await new Promise((r) => setTimeout(r, 1100)); // the reference is made at least a second after the session began
    const reference = await returnReference(v, key);
    const resumed = await openSession({ resume: reference, resumeKey: key });
    expect(resumed.status).toBe(200);
    expect(sessionStart(resumed.body.idToken)).toBe(sessionStart(v.idToken));
    expect(resumed.body.expiresAt).toBeLessThanOrEqual(sessionStart(v.idToken) * 1000 + 2 * 60 * 60 * 1000);
  });
});
