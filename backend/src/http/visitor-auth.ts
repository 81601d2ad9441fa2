import type { Context } from 'koa';
import type { SessionClaims, SessionTokens } from '../modules/session/tokens.js';
import { unauthenticated } from '../errors.js';

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
}

export const bearerToken = (ctx: Context): string | undefined => bearerOf(ctx.get('authorization'));

/** The visitor's uid from `Authorization: Bearer <idToken>`, or 401 noFirebaseToken. */
export async function requireVisitor(ctx: Context, tokens: SessionTokens): Promise<string> {
  const token = bearerToken(ctx);
  const uid = token ? await tokens.verify(token) : undefined;
  if (!uid) throw unauthenticated();
  return uid;
}

/** The visitor's session (uid and start) from an `Authorization: Bearer <idToken>` header, or 401 noFirebaseToken. */
export async function requireVisitorSession(
  authorization: string | undefined,
  tokens: SessionTokens,
): Promise<SessionClaims> {
  const token = bearerOf(authorization);
  const claims = token ? await tokens.claims(token) : undefined;
  if (!claims) throw unauthenticated();
  return claims;
}
