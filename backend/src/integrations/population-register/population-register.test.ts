import { hasOnlyAllowedCharacters, isValidZipCode } from '@concert/shared/validation';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { serveMounted } from '../../../test/serve-mounted.js';
import type { DemoPerson } from '../demo-fixtures.js';
import { PopulationRegisterError, createPopulationRegisterClient } from './client.js';
import { createPopulationRegisterSimulator, type PopulationRegisterSimulatorOptions } from './simulator.js';

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The simulator as the app mounts it, on an ephemeral port; `delayMs` holds every answer back. */
async function serveSimulator(
  options: PopulationRegisterSimulatorOptions = {},
  delayMs = 0,
): Promise<string> {
  const served = await serveMounted(
    '/sim/population-register',
    createPopulationRegisterSimulator(options).router,
    delayMs,
  );
  servers.push(served);
  return served.baseUrl;
}

async function rejection(promise: Promise<unknown>): Promise<PopulationRegisterError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PopulationRegisterError);
  return err as PopulationRegisterError;
}

describe('population-register lookup through the client against the simulator', () => {
  it('gives a demo person their fixture name and c/o address', async () => {
    const register = createPopulationRegisterClient({ baseUrl: await serveSimulator() });
    expect(await register.lookup(DEMO_PERSONAL_NUMBERS.nonMember)).toEqual({
      firstName: 'Erik',
      lastName: 'Holm',
      coAddress: 'c/o Svensson',
      address: 'Storgatan 5',
      zipCode: '411 38',
      city: 'Göteborg',
    });
  });

  it("gives '' as co-address to a demo person without one", async () => {
    const register = createPopulationRegisterClient({ baseUrl: await serveSimulator() });
    expect(await register.lookup(DEMO_PERSONAL_NUMBERS.member)).toEqual({
      firstName: 'Maria',
      lastName: 'Lind',
      coAddress: '',
      address: 'Sveavägen 12',
      zipCode: '111 57',
      city: 'Stockholm',
    });
  });

  it('reads the persons it is given instead of the demo ones', async () => {
    const someone: DemoPerson = {
      personalNumber: DEMO_PERSONAL_NUMBERS.nonMember,
      givenName: 'Test',
      surname: 'Person',
      address: { street: 'Provgatan 1', zipCode: '123 45', city: 'Provstad' },
      bankId: 'complete',
    };
    const register = createPopulationRegisterClient({
      baseUrl: await serveSimulator({ fixtures: [someone] }),
    });
    expect(await register.lookup(DEMO_PERSONAL_NUMBERS.nonMember)).toMatchObject({
      firstName: 'Test',
      coAddress: '',
      city: 'Provstad',
    });
  });

  it('makes up a plausible Swedish person for any other valid number, the same every time', async () => {
    const register = createPopulationRegisterClient({ baseUrl: await serveSimulator() });
    const man = await register.lookup('198112189876'); // serial 987: odd sex digit
    const woman = await register.lookup('198112189884'); // serial 988: even sex digit

    for (const person of [man, woman]) {
      expect(person).not.toBeNull();
      expect(person?.coAddress).toBe('');
      expect(hasOnlyAllowedCharacters('name', `${person?.firstName} ${person?.lastName}`)).toBe(true);
      expect(person?.address).toMatch(/^[\p{L} ]+ \d{1,2}$/u);
      expect(isValidZipCode(person?.zipCode ?? '')).toBe(true);
      expect(person?.zipCode).toMatch(/^\d{3} \d{2}$/);
      expect(person?.city).toMatch(/^\p{L}+$/u);
    }
    expect([
      'Lars',
      'Mikael',
      'Anders',
      'Johan',
      'Per',
      'Karl',
      'Oskar',
      'Nils',
      'Gustav',
      'Emil',
      'Axel',
      'Björn',
    ]).toContain(man?.firstName);
    expect(await register.lookup('198112189876')).toEqual(man);
    expect(woman).not.toEqual(man);
  });

  it.each([
    ['a 10-digit form', '9001012344'],
    ['a failing Luhn check', '199001012345'],
    ['a dash', '19900101-2344'],
    ['an empty string', ''],
  ])('refuses %s with 400 and no personal number in the error', async (_what, personalNumber) => {
    const register = createPopulationRegisterClient({ baseUrl: await serveSimulator() });
    const err = await rejection(register.lookup(personalNumber));
    expect(err).toMatchObject({ httpStatus: 400, code: 'invalidRequest' });
    if (personalNumber) expect(err.message).not.toContain(personalNumber);
  });

  it('gives up with a timeout error when the register does not answer in time', async () => {
    const register = createPopulationRegisterClient({
      baseUrl: await serveSimulator({}, 500),
      timeoutMs: 100,
    });
    expect(await rejection(register.lookup(DEMO_PERSONAL_NUMBERS.nonMember))).toMatchObject({
      code: 'timeout',
      httpStatus: undefined,
    });
  });
});
