import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client.js';

/** A client whose server answers every call with one refusal. */
const refusing = (message: string) =>
  createApiClient({
    userAgent: 'test',
    fetch: async () =>
      new Response(JSON.stringify({ error: { status: 'INVALID_ARGUMENT', message } }), { status: 400 }),
  });

describe('the API client’s refusals', () => {
  it('keeps an error id as it is', async () => {
    const refusal = await refusing('invalidEmail')
      .call('getConcert', {})
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 'INVALID_ARGUMENT',
      errorId: 'invalidEmail',
      sentMessage: 'invalidEmail',
    });
  });

  it('keeps a message that is no error id (a refused field’s name) beside unknownError', async () => {
    const refusal = await refusing('saleClosesAt')
      .call('saveConcert', { id: 1, saleClosesAt: '2026-09-16T10:00' })
      .catch((e: unknown) => e);
    expect(refusal).toMatchObject({ errorId: 'unknownError', sentMessage: 'saleClosesAt' });
  });
});

describe('a call that opens the page’s session itself', () => {
  const session = { uid: 'u1', idToken: 'token-1', expiresAt: 1 };
  /** A client whose server answers from `answers` in turn; what it was sent, and what settled. */
  function opening(altcha: string | undefined, answers: Array<[number, unknown]>) {
    const sent: Array<{ authorization: string | null; body: unknown }> = [];
    const settled: unknown[] = [];
    const client = createApiClient({
      userAgent: 'test',
      retryWaitsMs: [0],
      getToken: async () => 'token-made-apart',
      opensSession: {
        take: async () => altcha,
        settle: (outcome) => void settled.push(outcome),
      },
      fetch: async (_url, init) => {
        sent.push({
          authorization: new Headers(init?.headers).get('authorization'),
          body: JSON.parse(String(init?.body)),
        });
        const [status, body] = answers.shift()!;
        return new Response(JSON.stringify(body), { status });
      },
    });
    return { client, sent, settled };
  }
  const held = { ticketId: 't', isConfirmed: false, validUntil: 2, reserved: true };

  it('sends the solution instead of a token, and keeps the session the answer brings', async () => {
    const { client, sent, settled } = opening('solved', [[200, { result: held, session }]]);
    expect(await client.call('register', {})).toEqual(held);
    expect(sent).toEqual([
      { authorization: null, body: { data: { userAgent: 'test' }, session: { altcha: 'solved' } } },
    ]);
    expect(settled).toEqual([{ session }]);
  });

  it('sends the same solution again after a lost answer (it names the same session)', async () => {
    const { client, sent, settled } = opening('solved', [
      [503, { error: { status: 'UNAVAILABLE', message: 'timeout' } }],
      [200, { result: held, session }],
    ]);
    expect(await client.call('register', {})).toEqual(held);
    expect(sent.map((s) => s.body)).toEqual([
      { data: { userAgent: 'test' }, session: { altcha: 'solved' } },
      { data: { userAgent: 'test' }, session: { altcha: 'solved' } },
    ]);
    expect(settled).toEqual([{ session }]);
  });

  it('a refusal keeps the session it opened, and is the call’s refusal', async () => {
    const { client, settled } = opening('solved', [
      [409, { error: { status: 'ABORTED', message: 'noTicket' }, session }],
    ]);
    const refusal = await client.call('register', {}).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ status: 'ABORTED', errorId: 'noTicket', session });
    expect(settled).toEqual([{ session, refused: false }]);
  });

  it('a refused solution (no session came of it): the call is made again with a token made apart', async () => {
    const { client, sent, settled } = opening('stale', [
      [400, { error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } }],
      [200, { result: held }],
    ]);
    expect(await client.call('register', {})).toEqual(held);
    expect(settled).toEqual([{ session: undefined, refused: true }]);
    expect(sent[1]).toEqual({
      authorization: 'Bearer token-made-apart',
      body: { data: { userAgent: 'test' } },
    });
  });

  it('with a session already (nothing to take), the call sends its token', async () => {
    const { client, sent, settled } = opening(undefined, [[200, { result: held }]]);
    expect(await client.call('register', {})).toEqual(held);
    expect(sent).toEqual([
      { authorization: 'Bearer token-made-apart', body: { data: { userAgent: 'test' } } },
    ]);
    expect(settled).toEqual([]);
  });
});
