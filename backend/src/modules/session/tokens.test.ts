import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionTokens, SESSION_TTL_MS } from './tokens.js';

const secret = new Uint8Array(32).fill(7);
const tokens = createSessionTokens(secret);
const unsigned = (claims: object) => `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
const signed = (key: Uint8Array, build: (jwt: SignJWT) => SignJWT) =>
  build(new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('someone').setIssuer('concert-signup').setAudience('visitor')).sign(key);

describe('visitor session tokens', () => {
  it('issues a token whose uid verifies, valid for the session TTL', async () => {
    const session = await tokens.issue();
    expect(await tokens.verify(session.idToken)).toBe(session.uid);
    expect(session.expiresAt - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 2000);
    expect(session.expiresAt - Date.now()).toBeLessThanOrEqual(SESSION_TTL_MS);
  });

  it('keeps the uid it is asked to renew', async () => {
    expect((await tokens.issue('uid-1')).uid).toBe('uid-1');
    expect(await tokens.verify((await tokens.issue('uid-1')).idToken)).toBe('uid-1');
  });

  it('refuses forged, expired, unsigned, other-audience and garbled tokens', async () => {
    const refused = [
      await signed(new Uint8Array(32).fill(8), (jwt) => jwt.setExpirationTime('1h')),
      await signed(secret, (jwt) => jwt.setIssuedAt(1000).setExpirationTime(2000)),
      await signed(secret, (jwt) => jwt.setAudience('staff').setExpirationTime('1h')),
      await signed(secret, (jwt) => jwt.setIssuer('someone-else').setExpirationTime('1h')),
      await signed(secret, (jwt) => jwt), // no expiry
      unsigned({ sub: 'someone', iss: 'concert-signup', aud: 'visitor', exp: 9_999_999_999 }),
      'not a token',
      '',
    ];
    for (const token of refused) expect(await tokens.verify(token)).toBeUndefined();
  });
});
