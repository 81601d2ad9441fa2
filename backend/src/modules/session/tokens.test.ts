import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionTokens, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from './tokens.js';

const secret = new Uint8Array(32).fill(7);
const tokens = createSessionTokens(secret);
const unsigned = (claims: object) =>
  `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
const signed = (key: Uint8Array, build: (jwt: SignJWT) => SignJWT) =>
  build(
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setIssuer('concert-signup')
      .setAudience('visitor'),
  ).sign(key);

describe('visitor session tokens', () => {
  it('issues a token whose uid verifies, valid for the session TTL', async () => {
    const session = await tokens.issue();
    expect(await tokens.verify(session.idToken)).toBe(session.uid);
    expect(session.expiresAt - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 2000);
    expect(session.expiresAt - Date.now()).toBeLessThanOrEqual(SESSION_TTL_MS);
  });

  it('keeps the uid it is asked to renew', async () => {
    const renewing = { uid: 'uid-1', startedAt: Date.now() - 1000 };
    expect((await tokens.issue(renewing)).uid).toBe('uid-1');
    expect(await tokens.claims((await tokens.issue(renewing)).idToken)).toEqual({
      uid: 'uid-1',
      startedAt: Math.floor(renewing.startedAt / 1000) * 1000,
    });
  });

  it('ends a session two hours after it began, however often it was renewed', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000;
    let t = start;
    const clock = createSessionTokens(secret, () => t);
    let session = await clock.issue();
    for (let minutes = 50; minutes < 120; minutes += 50) {
      t += 50 * 60_000;
      const claims = await clock.claims(session.idToken);
      expect(claims?.uid).toBe(session.uid);
      session = await clock.issue(claims);
    }
    // renewed at 100 minutes: the token ends at the session's end, not an hour later
    expect(session.expiresAt).toBe(start + SESSION_MAX_AGE_MS);
    t = session.expiresAt - 1000;
    expect(await clock.verify(session.idToken)).toBe(session.uid);
    t = session.expiresAt;
    expect(await clock.verify(session.idToken)).toBeUndefined();
  });

  it('knows a token it issued by its exact text: another signature on the same claims is refused', async () => {
    const session = await tokens.issue();
    expect(await tokens.claims(session.idToken)).toMatchObject({ uid: session.uid });
    const [header, payload, signature] = session.idToken.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    // another process with the same key (nothing kept) verifies it the long way
    expect(await createSessionTokens(secret).verify(session.idToken)).toBe(session.uid);
  });

  it('refuses forged, expired, unsigned, other-audience and garbled tokens', async () => {
    const refused = [
      await signed(new Uint8Array(32).fill(8), (jwt) => jwt.setExpirationTime('1h')),
      await signed(secret, (jwt) => jwt.setIssuedAt(1000).setExpirationTime(2000)),
      await signed(secret, (jwt) => jwt.setAudience('staff').setExpirationTime('1h')),
      await signed(secret, (jwt) => jwt.setIssuer('someone-else').setExpirationTime('1h')),
      await signed(secret, (jwt) => jwt), // no expiry
      await signed(secret, (jwt) => jwt.setExpirationTime('1h')), // no session start
      unsigned({ sub: 'someone', iss: 'concert-signup', aud: 'visitor', exp: 9_999_999_999 }),
      'not a token',
      '',
    ];
    for (const token of refused) expect(await tokens.verify(token)).toBeUndefined();
  });
});
