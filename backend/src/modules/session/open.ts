import type { Sql } from '../../db/connect.js';
import { AppError, invalidArgument } from '../../errors.js';
import type { SessionProofOfWork } from './proof-of-work.js';
import { findResumeReference, redeemResumeReference } from './resume.js';
import { SESSION_MAX_AGE_MS, type SessionClaims, type SessionTokens, type VisitorSession } from './tokens.js';

/**
 * A session token for whoever asks: the same uid renewed when a still-valid token is sent
 * (renewal costs nothing: the session was paid for), the session a one-time resume reference
 * names (the BankID app's return: resume.ts), or a new anonymous session for a solved ALTCHA
 * challenge (`{"altcha": "<base64 solution>"}`).
 *
 * A resume is `{"resume": "<ref>", "resumeKey": "<the starting browser's secret>"}`, sent without
 * the Authorization header. A tab that already holds a live session sends its token as `holding`:
 * if the reference names another session, nothing is replaced (409 ABORTED, the reference kept)
 * until the visitor says so (`"replace": true`).
 */
export function createSessionOpener({
  sql,
  tokens,
  pow,
}: {
  sql: Sql;
  tokens: SessionTokens;
  pow: Pick<SessionProofOfWork, 'enabled' | 'redeem' | 'sessionOf'>;
}) {
  /** The session a resume reference names, once, for the browser that started the order. */
  async function resumed(field: (name: string) => unknown): Promise<SessionClaims> {
    const [code, key, holding] = [field('resume'), field('resumeKey'), field('holding')];
    if (typeof code !== 'string' || typeof key !== 'string') throw invalidArgument('invalidState');
    const held = typeof holding === 'string' ? await tokens.claims(holding) : undefined;
    if (held && field('replace') !== true) {
      const names = await findResumeReference(sql, code, key);
      if (!names) throw invalidArgument('invalidState');
      if (names.sessionUid !== held.uid) throw new AppError('ABORTED', 'invalidState');
    }
    const found = await redeemResumeReference(sql, code, key);
    // Too old a session is not brought back, however fresh the reference.
    if (!found || Date.now() - found.startedAt >= SESSION_MAX_AGE_MS) throw invalidArgument('invalidState');
    // The session's own start: a resume does not restart its maximum age.
    return { uid: found.sessionUid, startedAt: found.startedAt };
  }

  /** `readRequest` is called only when no valid token renews the session: renewals carry no body worth reading. */
  return async function open(
    token: string | undefined,
    readRequest: () => Promise<unknown>,
  ): Promise<VisitorSession> {
    let renewing = token ? await tokens.claims(token) : undefined;
    if (!renewing) {
      const body = await readRequest();
      const field = (name: string) =>
        body && typeof body === 'object' && Object.hasOwn(body, name)
          ? (body as Record<string, unknown>)[name]
          : undefined;
      if (field('resume') !== undefined) {
        // The BankID app's return: a reference good once for the session it names, nothing else.
        renewing = await resumed(field);
      } else if (pow.enabled) {
        const altcha = field('altcha');
        renewing = typeof altcha === 'string' ? await pow.redeem(altcha) : undefined;
        if (!renewing) throw invalidArgument('invalidState');
      }
    }
    return tokens.issue(renewing);
  };
}

export type SessionOpener = ReturnType<typeof createSessionOpener>;

/** A new session and its claims: what a call that opens its own session is made under. */
export type OpenedSession = VisitorSession & SessionClaims;

/**
 * The session a visitor call opens itself (`{"data": …, "session": {"altcha": "<solution>"}}`
 * instead of a token: the first call of a visitor, mostly `register`, without a request of its
 * own for the session). A solved challenge names its session (`sessionOf`): the call sent again
 * after a lost answer is made under the same session, and finds what it made. With the proof of
 * work turned off, `{}` opens a new session too. Nothing else (a renewal, a resume) is taken here.
 */
export function createSessionOfCall({
  tokens,
  pow,
}: {
  tokens: SessionTokens;
  pow: Pick<SessionProofOfWork, 'enabled' | 'sessionOf'>;
}) {
  return async function sessionOfCall(asked: unknown): Promise<OpenedSession> {
    if (!asked || typeof asked !== 'object' || Array.isArray(asked)) throw invalidArgument('invalidState');
    const altcha = Object.hasOwn(asked, 'altcha') ? (asked as { altcha: unknown }).altcha : undefined;
    let claims: SessionClaims | undefined;
    if (typeof altcha === 'string') claims = await pow.sessionOf(altcha);
    if (!claims && (pow.enabled || altcha !== undefined || Object.keys(asked).length > 0))
      throw invalidArgument('invalidState');
    const session = await tokens.issue(claims);
    // Just issued: its claims are this process's lookup, not a decode.
    const issued = (await tokens.claims(session.idToken))!;
    return { ...session, startedAt: issued.startedAt };
  };
}
