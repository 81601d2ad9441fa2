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
