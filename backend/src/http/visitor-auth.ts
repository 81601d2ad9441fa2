import type { Context } from 'koa';
import type { SessionClaims, SessionTokens } from '../modules/session/tokens.js';
import { unauthenticated } from '../errors.js';

export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The visitor's uid from `Authorization: Bearer <idToken>`, or 401 noFirebaseToken. */
export async function requireVisitor(ctx: Context, tokens: SessionTokens): Promise<string> {
  const token = bearerToken(ctx);
  const uid = token ? await tokens.verify(token) : undefined;
  if (!uid) throw unauthenticated();
  return uid;
}

/** The visitor's session (uid and start) from `Authorization: Bearer <idToken>`, or 401 noFirebaseToken. */
export async function requireVisitorSession(ctx: Context, tokens: SessionTokens): Promise<SessionClaims> {
  const token = bearerToken(ctx);
  const claims = token ? await tokens.claims(token) : undefined;
  if (!claims) throw unauthenticated();
  return claims;
}
