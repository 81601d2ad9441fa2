import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { normalisePersonalNumber } from '@concert/shared/validation';
import { demoPerson } from '../src/integrations/demo-fixtures.js';
import type { TestApp } from './harness.js';

/** A valid personal number of an adult born 1960–1999 that is not a demo fixture. */
export function generatedPersonalNumber(): string {
  for (;;) {
    const birth = `${randomInt(1960, 2000)}${String(randomInt(1, 13)).padStart(2, '0')}${String(randomInt(1, 29)).padStart(2, '0')}`;
    const pn = normalisePersonalNumber(`${birth}${String(randomInt(0, 10000)).padStart(4, '0')}`);
    if (pn && !demoPerson(pn)) return pn;
  }
}

/** A visitor with a session, driving the API like the visitor flow does. */
export async function visitor(app: TestApp) {
  const { idToken, uid } = await app.session();
  const call = (name: string, data: unknown = {}) => app.call(name, data, idToken);

  /** Polls checkBankIdTransactionStatus every 50 ms until it is no longer pending. */
  async function collect(transactionId: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await call('checkBankIdTransactionStatus', { transactionId });
      if (res.status !== 200 || res.body.result.status !== 'pending' || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function register() {
    const res = await call('register');
    expect(res.status).toBe(200);
    return res.body.result as { ticketId: string; validUntil: number };
  }

  /** Approves the order on the simulator's approval page, as a person with the BankID app would. */
  async function approveByHand(transactionId: string) {
    const [row] = await app.db.sql<
      { orderRef: string }[]
    >`SELECT order_ref FROM bankid_transactions WHERE id = ${transactionId}`;
    const res = await fetch(`${app.baseUrl}/sim/bankid/app/approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ orderRef: row!.orderRef, returnTo: 'list' }),
      redirect: 'manual',
    });
    expect(res.status).toBeLessThan(400);
  }

  /** BankID authentication for a personal number, until complete (non-fixture numbers approved by hand). */
  async function authenticate(personalNumber: string) {
    const start = await call('startBankIDAuth', { personalNumber });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    if (!demoPerson(personalNumber)) await approveByHand(start.body.result.transactionId);
    const done = await collect(start.body.result.transactionId);
    expect(done.body.result?.status).toBe('complete');
    return done.body.result.completionData.user as { personalNumber: string; givenName: string };
  }

  async function pollAccounts(publicId: string, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await call('getBankAccounts', { publicId });
      if (res.status !== 200 || res.body.result.status !== 'Waiting' || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return { uid, idToken, call, collect, register, authenticate, approveByHand, pollAccounts };
}
