/**
 * Client of the population register (SPAR-style). Used for non-members: their registered name
 * and address prefill the become-member form. The same client talks to the real adapter and, in
 * demo mode, to our simulator (`simulator.ts`).
 */
import { request } from 'undici';
import { z } from 'zod';
import { PERSON_LOOKUP_PATH, type PersonLookupBody, type RegisteredPerson } from './protocol.js';

export type { RegisteredPerson } from './protocol.js';

export interface PopulationRegisterClientOptions {
  /** Demo: `<origin>/sim/population-register`. */
  baseUrl: string;
  /** Per call, connection and body included. */
  timeoutMs?: number;
}

export interface PopulationRegisterClient {
  /** The registered person, or null when the register has no one to give (the visitor then types it in). */
  lookup(personalNumber: string): Promise<RegisteredPerson | null>;
}

export type PopulationRegisterErrorCode =
  'timeout' | 'unavailable' | 'invalidRequest' | 'serviceError' | 'invalidResponse';

/** A failed lookup. The message names the status only, never the personal number. */
export class PopulationRegisterError extends Error {
  override readonly name = 'PopulationRegisterError';
  constructor(
    message: string,
    readonly httpStatus: number | undefined,
    readonly code: PopulationRegisterErrorCode,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 5_000;

const lookupAnswer = z.object({
  person: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      coAddress: z.string().nullish(),
      address: z.string(),
      zipCode: z.string(),
      city: z.string(),
    })
    .nullable(),
});

export function createPopulationRegisterClient(
  options: PopulationRegisterClientOptions,
): PopulationRegisterClient {
  const url = options.baseUrl.replace(/\/+$/, '') + PERSON_LOOKUP_PATH;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function askRegister(body: PersonLookupBody): Promise<unknown> {
    try {
      // undici's request, not fetch: a third of the CPU per call (see the BankID client).
      const res = await request(url, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.statusCode < 200 || res.statusCode > 299) {
        await res.body.dump();
        const code = res.statusCode === 400 ? 'invalidRequest' : 'serviceError';
        throw new PopulationRegisterError(
          `population-register lookup: answered ${res.statusCode}`,
          res.statusCode,
          code,
        );
      }
      return await res.body.json();
    } catch (err) {
      if (err instanceof PopulationRegisterError) throw err;
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new PopulationRegisterError(
          `population-register lookup: no answer within ${timeoutMs} ms`,
          undefined,
          'timeout',
        );
      }
      if (err instanceof SyntaxError) throw unreadableAnswer();
      throw new PopulationRegisterError(
        'population-register lookup: register unreachable',
        undefined,
        'unavailable',
      );
    }
  }

  return {
    async lookup(personalNumber) {
      const answer = lookupAnswer.safeParse(await askRegister({ personalNumber }));
      if (!answer.success) throw unreadableAnswer();
      const { person } = answer.data;
      return person && { ...person, coAddress: person.coAddress ?? '' };
    },
  };
}

function unreadableAnswer(): PopulationRegisterError {
  return new PopulationRegisterError(
    'population-register lookup: unreadable answer',
    undefined,
    'invalidResponse',
  );
}
