import { bankDigits, isValidAccountNumber, isValidClearingNumber } from '@concert/shared/validation';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { serveMounted } from '../../../test/serve-mounted.js';
import { DEMO_PERSONS } from '../demo-fixtures.js';
import {
  BankAccountServiceError,
  createBankAccountClient,
  usableForAutogiro,
  type BankAccountPoll,
} from './client.js';
import { createBankAccountSimulator, type BankAccountSimulatorOptions } from './simulator.js';

const ADULT = DEMO_PERSONAL_NUMBERS.nonMember; // Erik Holm, no retrieval failure
const NO_ACCOUNTS = DEMO_PERSONAL_NUMBERS.noAccounts;
const ACTIVE_SESSION = DEMO_PERSONAL_NUMBERS.activeSession;

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The simulator as the app mounts it, on an ephemeral port; `delayMs` holds every answer back. */
async function serveSimulator(options: BankAccountSimulatorOptions = {}, delayMs = 0): Promise<string> {
  const served = await serveMounted(
    '/sim/bank-accounts',
    createBankAccountSimulator(options).router,
    delayMs,
  );
  servers.push(served);
  return served.baseUrl;
}

function manualClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

async function rejection(promise: Promise<unknown>): Promise<BankAccountServiceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BankAccountServiceError);
  return err as BankAccountServiceError;
}

function expectStatus<S extends BankAccountPoll['status']>(
  poll: BankAccountPoll,
  status: S,
): Extract<BankAccountPoll, { status: S }> {
  expect(poll.status).toBe(status);
  return poll as Extract<BankAccountPoll, { status: S }>;
}

describe('bank-account retrieval through the client against the simulator', () => {
  it('waits with a changing BankID QR and an autostart token, then gives the accounts at the chosen bank', async () => {
    const clock = manualClock();
    const client = createBankAccountClient({
      baseUrl: await serveSimulator({ now: clock.now, waitMs: 2000 }),
    });

    const { publicId } = await client.start({ personalNumber: ADULT, bank: 'SHB', sameDevice: true });
    expect(publicId).toMatch(/^[\w-]{8,}$/);

    const first = expectStatus(await client.poll(publicId), 'Waiting');
    expect(first.qr).toMatch(/^bankid\.[\w-]+\.0\.[0-9a-f]{64}$/);
    expect(first.bankIdAutostartToken).toMatch(/^[\w-]{8,}$/);

    clock.advance(1000);
    const second = expectStatus(await client.poll(publicId), 'Waiting');
    expect(second.qr).toMatch(/^bankid\.[\w-]+\.1\.[0-9a-f]{64}$/);
    expect(second.qr).not.toBe(first.qr);
    expect(second.bankIdAutostartToken).toBe(first.bankIdAutostartToken);

    clock.advance(1000);
    const done = expectStatus(await client.poll(publicId), 'Success');
    expect(done.accounts).toHaveLength(3);
    for (const account of done.accounts) {
      expect(account.bank).toBe('Handelsbanken');
      expect(account.clearingNumber).toMatch(/^6\d{3}$/);
      expect(account.accountNumber).toMatch(/^\d{9}$/);
    }
    expect(done.accounts.map((a) => a.name)).toEqual([
      'Lönekonto',
      'Sparkonto',
      'ISK – investeringssparkonto',
    ]);
  });

  it('offers only the accounts usable for autogiro', async () => {
    const client = createBankAccountClient({ baseUrl: await serveSimulator({ waitMs: 0 }) });
    const { publicId } = await client.start({ personalNumber: ADULT, bank: 'SEB', sameDevice: false });
    const { accounts } = expectStatus(await client.poll(publicId), 'Success');

    const usable = usableForAutogiro(accounts);
    expect(usable.map((a) => a.name)).toEqual(['Lönekonto', 'Sparkonto']);
    expect(usable.every((a) => a.autogiroEligible)).toBe(true);
    expect(accounts.find((a) => a.name.startsWith('ISK'))?.autogiroEligible).toBe(false);
  });

  it('reaches Success in real time after waitMs, not before', async () => {
    const waitMs = 300;
    const client = createBankAccountClient({ baseUrl: await serveSimulator({ waitMs }) });
    // Measured from before the start, so "less than waitMs since then" is never later than the
    // simulator's own clock says: on a busy machine a slow first poll may skip that check, never fail it.
    const before = Date.now();
    const { publicId } = await client.start({ personalNumber: ADULT, bank: 'NB', sameDevice: false });
    let status = (await client.poll(publicId)).status;
    if (Date.now() - before < waitMs) expect(status).toBe('Waiting');
    while (status === 'Waiting' && Date.now() - before < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await client.poll(publicId)).status;
    }
    expect(status).toBe('Success');
    expect(Date.now() - before).toBeGreaterThanOrEqual(waitMs);
  });

  it('gives the same well-formed accounts again for the same person and bank, clearing series per bank', async () => {
    const client = createBankAccountClient({ baseUrl: await serveSimulator({ waitMs: 0 }) });
    const accountsAt = async (
      bank: 'FSPA' | 'NB' | 'SEB' | 'SHB' | 'SYD',
      personalNumber: string = ADULT,
    ) => {
      const { publicId } = await client.start({ personalNumber, bank, sameDevice: true });
      return expectStatus(await client.poll(publicId), 'Success').accounts;
    };

    expect(await accountsAt('FSPA')).toEqual(await accountsAt('FSPA'));
    expect(await accountsAt('FSPA', DEMO_PERSONAL_NUMBERS.member)).not.toEqual(await accountsAt('FSPA'));

    const swedbank = await accountsAt('FSPA');
    expect(swedbank[0]?.bank).toBe('Swedbank');
    expect(swedbank[0]?.clearingNumber).toMatch(/^8\d{3}-\d$/);
    expect((await accountsAt('NB'))[0]?.clearingNumber).toMatch(/^3[0-2]\d{2}$/);
    expect((await accountsAt('SEB'))[0]?.clearingNumber).toMatch(/^5\d{3}$/);
    expect((await accountsAt('SYD'))[0]?.clearingNumber).toMatch(/^957\d$/);
    for (const a of [...swedbank, ...(await accountsAt('SYD'))]) {
      expect(isValidClearingNumber(a.clearingNumber)).toBe(true);
      expect(isValidAccountNumber(a.accountNumber)).toBe(true);
      expect(bankDigits(a.accountNumber)).toHaveLength(10);
    }
  });

  it.each([
    [NO_ACCOUNTS, 'inga tillgängliga bankkonton'],
    [ACTIVE_SESSION, 'samtidiga'],
  ])(
    'fails for demo person %s with the Swedish message containing "%s" once BankID is done',
    async (personalNumber, fragment) => {
      const clock = manualClock();
      const client = createBankAccountClient({
        baseUrl: await serveSimulator({ now: clock.now, waitMs: 2000 }),
      });
      const { publicId } = await client.start({ personalNumber, bank: 'FSPA', sameDevice: true });
      expect((await client.poll(publicId)).status).toBe('Waiting');

      clock.advance(2000);
      const failed = expectStatus(await client.poll(publicId), 'Failed');
      const fixture = DEMO_PERSONS.find((p) => p.personalNumber === personalNumber)?.bankAccountFailure;
      expect(failed.failureMessage).toContain(fragment);
      expect(failed).toEqual({
        status: 'Failed',
        failureMessage: fixture?.failureMessage,
        failureCode: fixture?.failureCode,
      });
    },
  );

  it.each([
    ['a personal number failing the Luhn check', '199001012345', 'SHB'],
    ['a 10-digit personal number', '9001012344', 'SHB'],
    ['an unknown bank code', ADULT, 'XYZ'],
  ])('refuses %s with 400', async (_what, personalNumber, bank) => {
    const client = createBankAccountClient({ baseUrl: await serveSimulator() });
    // The bank code is what a caller might get wrong at run time, whatever the type says.
    const err = await rejection(client.start({ personalNumber, bank: bank as 'SHB', sameDevice: true }));
    expect(err.httpStatus).toBe(400);
    expect(err.code).toBe('invalidRequest');
    expect(err.message).not.toContain(personalNumber);
  });

  it('answers 404 for an unknown publicId, and for a retrieval older than 10 minutes', async () => {
    const clock = manualClock();
    const client = createBankAccountClient({ baseUrl: await serveSimulator({ now: clock.now }) });

    const unknown = await rejection(client.poll('00000000-0000-4000-8000-000000000000'));
    expect(unknown).toMatchObject({ httpStatus: 404, code: 'notFound' });

    const { publicId } = await client.start({ personalNumber: ADULT, bank: 'ICA', sameDevice: true });
    clock.advance(10 * 60 * 1000 - 1);
    expect((await client.poll(publicId)).status).toBe('Success');
    clock.advance(1);
    expect(await rejection(client.poll(publicId))).toMatchObject({ httpStatus: 404, code: 'notFound' });
  });

  it('starts on behalf of a creditor as Billecta does, with the SecureToken header', async () => {
    const client = createBankAccountClient({
      baseUrl: await serveSimulator({ waitMs: 0 }),
      apiKey: 'c2VjdXJlLXRva2Vu',
      creditorPublicId: '5f1a9c7e-0000-4000-8000-000000000001',
    });
    const { publicId } = await client.start({ personalNumber: ADULT, bank: 'LFB', sameDevice: true });
    expect((await client.poll(publicId)).status).toBe('Success');
  });

  it('gives up with a timeout error when the service does not answer in time', async () => {
    const client = createBankAccountClient({ baseUrl: await serveSimulator({}, 500), timeoutMs: 100 });
    const err = await rejection(client.start({ personalNumber: ADULT, bank: 'SHB', sameDevice: true }));
    expect(err).toMatchObject({ code: 'timeout', httpStatus: undefined });
    expect(err.message).not.toContain(ADULT);
  });

  it('reports an unreachable service as unavailable', async () => {
    const baseUrl = await serveSimulator();
    await servers.pop()!.close();
    const err = await rejection(createBankAccountClient({ baseUrl }).poll('anything'));
    expect(err.code).toBe('unavailable');
  });
});
