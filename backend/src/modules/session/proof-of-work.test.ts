import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { solveSessionChallenge } from '@concert/shared/proof-of-work';
import { CHALLENGE_TTL_MS } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import { createSessionProofOfWork } from './proof-of-work.js';

const secret = new Uint8Array(32).fill(7);
/** The key as altcha-lib takes it: the text the module signs with. */
const hmacKey = Buffer.from(secret).toString('hex');
const noDatabase = {} as Queryable;
const pow = (maxNumber = 100, now = Date.now) =>
  createSessionProofOfWork({ sql: noDatabase, secret, maxNumber, now });
const noYield = async () => {};
const solve = async (p: ReturnType<typeof pow>) => solveSessionChallenge(await p.challenge(), noYield);
const edited = (altcha: string, change: Record<string, unknown>) =>
  btoa(JSON.stringify({ ...JSON.parse(atob(altcha)), ...change }));

describe("the session's proof of work (ALTCHA v1, made with node:crypto)", () => {
  it('its challenges are ALTCHA v1: altcha-lib verifies a solution of one', async () => {
    const altcha = await solve(pow());
    expect(await verifySolution(altcha, hmacKey, true)).toBe(true);
    expect(
      await verifySolution(edited(altcha, { number: JSON.parse(atob(altcha)).number + 1 }), hmacKey),
    ).toBe(false);
  });

  it('it accepts a solved challenge altcha-lib made with the same key, and names one session for it', async () => {
    const made = await createChallenge({
      hmacKey,
      maxnumber: 50,
      algorithm: 'SHA-256',
      expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    const altcha = await solveSessionChallenge({ ...made, algorithm: 'SHA-256', maxnumber: 50 }, noYield);
    const first = await pow().sessionOf(altcha);
    expect(first?.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await pow().sessionOf(altcha)).toEqual(first);
  });

  it('refuses anything but a genuine, unexpired, solved SHA-256 challenge', async () => {
    const p = pow();
    const altcha = await solve(p);
    const sent = JSON.parse(atob(altcha));
    expect(await p.sessionOf(altcha)).toBeDefined();
    for (const [why, bad] of [
      ['another number', edited(altcha, { number: sent.number + 1 })],
      ['the number as text', edited(altcha, { number: String(sent.number) })],
      ['another signature', edited(altcha, { signature: '0'.repeat(64) })],
      ['another challenge', edited(altcha, { challenge: '0'.repeat(64) })],
      ['another salt', edited(altcha, { salt: sent.salt.replace(/^./, 'f') })],
      ['another algorithm', edited(altcha, { algorithm: 'SHA-1' })],
      ['not JSON', btoa('not json')],
      ['too long', 'x'.repeat(2001)],
    ] as const)
      expect(await p.sessionOf(bad), why).toBeUndefined();
    // Another key's challenge, and one past its expiry.
    const other = createSessionProofOfWork({ sql: noDatabase, secret: new Uint8Array(32), maxNumber: 100 });
    expect(await p.sessionOf(await solve(other))).toBeUndefined();
    const later = pow(100, () => Date.now() + CHALLENGE_TTL_MS + 1000);
    expect(await later.sessionOf(altcha)).toBeUndefined();
  });

  it('turned off, the number is 0 (the first the browser tries); else it is hidden in 1..maxnumber', async () => {
    expect(JSON.parse(atob(await solve(pow(0)))).number).toBe(0);
    const numbers = await Promise.all(
      Array.from({ length: 20 }, async () => JSON.parse(atob(await solve(pow(3)))).number),
    );
    expect(numbers.every((n) => n >= 1 && n <= 3)).toBe(true);
  });
});
