// Issue 29 §1: the server keeps the visitor's place in the sign-up for the session, sealed, and
// vouches for it on read: a reload resumes the step, with the reservation and the sign's outcome
// as the server has them, and an identification the session never completed is not believed.
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
    const ios = await v.call('startBankIDAuth', { personalNumber: pn, returnTo: '/sv/memberCheck' });
    const back = new URL(
      decodeURIComponent(new URL(ios.body.result.url, app.baseUrl).searchParams.get('redirect')!),
    );
    expect(`${back.origin}${back.pathname}`).toBe(`${app.config.publicUrl}/sv/memberCheck`);
    const reference = back.searchParams.get('resume')!;
    expect(reference).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await app.db.sql`SELECT code_hash FROM session_resumes`;
    expect(JSON.stringify(stored)).not.toContain(reference); // only its hash is kept
    // a new tab without the session takes it over: the same uid, its flow and the order
    const tab = await app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ resume: reference }),
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
      body: JSON.stringify({ resume: reference }),
    });
    expect(again.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    for (const bad of ['x'.repeat(43), 42, '']) {
      const res = await app.request('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ resume: bad }),
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
        (await v.call('startBankIDAuth', { personalNumber: generatedPersonalNumber(), returnTo })).body,
      ).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    }
  });
});
