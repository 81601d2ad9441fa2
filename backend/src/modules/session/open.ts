import type { Sql } from '../../db/connect.js';
import { invalidArgument } from '../../errors.js';
import type { SessionProofOfWork } from './proof-of-work.js';
import { redeemResumeReference } from './resume.js';
import type { SessionClaims, SessionTokens, VisitorSession } from './tokens.js';

/**
 * A session token for whoever asks: the same uid renewed when a still-valid token is sent
 * (renewal costs nothing: the session was paid for), the session a one-time resume reference
 * names (`{"resume": "<ref>"}`, the BankID app's return: resume.ts), or a new anonymous session
 * for a solved ALTCHA challenge (`{"altcha": "<base64 solution>"}`).
 */
export function createSessionOpener({
  sql,
  tokens,
  pow,
}: {
  sql: Sql;
  tokens: SessionTokens;
  pow: Pick<SessionProofOfWork, 'enabled' | 'redeem'>;
}) {
  /** The session a resume reference names, once (undefined: unknown, used or expired). */
  async function resumed(code: string): Promise<SessionClaims | undefined> {
    const found = await redeemResumeReference(sql, code);
    // A token for the same session, its age counted from the reference (the session's own start is not kept).
    return found && { uid: found.sessionUid, startedAt: found.createdAt };
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
        body && typeof body === 'object' && name in body
          ? (body as Record<string, unknown>)[name]
          : undefined;
      const resume = field('resume');
      if (resume !== undefined) {
        // The BankID app's return: a reference good once for the session it names, nothing else.
        renewing = typeof resume === 'string' ? await resumed(resume) : undefined;
        if (!renewing) throw invalidArgument('invalidState');
      } else if (pow.enabled) {
        const altcha = field('altcha');
        if (typeof altcha !== 'string' || !(await pow.redeem(altcha))) throw invalidArgument('invalidState');
      }
    }
    return tokens.issue(renewing);
  };
}

export type SessionOpener = ReturnType<typeof createSessionOpener>;
