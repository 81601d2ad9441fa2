/**
 * Demo-mode stand-in for the population register, speaking the protocol of `protocol.ts` so the
 * backend uses its real client against it. Mounted under `/sim/population-register`. Demo
 * persons answer with their fixture name and address; any other valid personal number gets a
 * made-up Swedish name and address that stay the same for that number.
 */
import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { normalisePersonalNumber } from '@concert/shared/validation';
import { jsonOrNothing } from '../request-body.js';
import { DEMO_PERSONS, type DemoPerson } from '../demo-fixtures.js';
import {
  PERSON_LOOKUP_PATH,
  type LookupErrorView,
  type PersonLookupAnswer,
  type RegisteredPerson,
} from './protocol.js';

export interface PopulationRegisterSimulatorOptions {
  fixtures?: readonly DemoPerson[];
}

export function createPopulationRegisterSimulator(options: PopulationRegisterSimulatorOptions = {}): {
  router: Router;
} {
  const fixtures = options.fixtures ?? DEMO_PERSONS;

  const router = new Router();
  router.post(PERSON_LOOKUP_PATH, async (ctx) => {
    const personalNumber = await personalNumberOf(ctx);
    // Like SPAR, only the 12-digit form: normalising is the caller's job.
    if (!personalNumber || normalisePersonalNumber(personalNumber) !== personalNumber) {
      ctx.status = 400;
      ctx.body = { error: 'invalidPersonalNumber' } satisfies LookupErrorView;
      return;
    }
    const fixture = fixtures.find((p) => p.personalNumber === personalNumber);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      person: fixture ? registeredFixture(fixture) : madeUpPerson(personalNumber),
    } satisfies PersonLookupAnswer;
  });
  return { router };
}

/** Malformed or oversized JSON is a bad request here, not the app's error envelope. */
async function personalNumberOf(ctx: Context): Promise<string | undefined> {
  const body = await jsonOrNothing(ctx);
  const value =
    body && typeof body === 'object' && 'personalNumber' in body ? body.personalNumber : undefined;
  return typeof value === 'string' ? value : undefined;
}

function registeredFixture(p: DemoPerson): RegisteredPerson {
  return {
    firstName: p.givenName,
    lastName: p.surname,
    coAddress: p.address.coAddress ?? '',
    address: p.address.street,
    zipCode: p.address.zipCode,
    city: p.address.city,
  };
}

const MEN = [
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
];
const WOMEN = [
  'Kristina',
  'Eva',
  'Karin',
  'Lena',
  'Emma',
  'Ingrid',
  'Linnéa',
  'Elin',
  'Ida',
  'Malin',
  'Sofia',
  'Åsa',
];
const SURNAMES = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Lindqvist',
  'Bergström',
  'Åberg',
  'Sandberg',
  'Lundgren',
  'Öberg',
];
const STREETS = [
  'Storgatan',
  'Kyrkogatan',
  'Skolgatan',
  'Järnvägsgatan',
  'Parkvägen',
  'Björkvägen',
  'Ringvägen',
  'Tallvägen',
  'Åsgatan',
  'Lärkvägen',
  'Ekvägen',
  'Södra vägen',
];
/** Cities with the first three digits of one of their real zip codes. */
const CITIES = [
  { city: 'Stockholm', zip: '114' },
  { city: 'Göteborg', zip: '413' },
  { city: 'Malmö', zip: '214' },
  { city: 'Uppsala', zip: '752' },
  { city: 'Västerås', zip: '722' },
  { city: 'Örebro', zip: '703' },
  { city: 'Linköping', zip: '582' },
  { city: 'Helsingborg', zip: '252' },
  { city: 'Jönköping', zip: '553' },
  { city: 'Norrköping', zip: '602' },
  { city: 'Lund', zip: '223' },
  { city: 'Umeå', zip: '903' },
  { city: 'Gävle', zip: '803' },
  { city: 'Sundsvall', zip: '852' },
  { city: 'Luleå', zip: '972' },
];

/** Deterministic per number; the first name follows the number's sex digit (odd: man, even: woman). */
function madeUpPerson(personalNumber: string): RegisteredPerson {
  const draw = drawsFrom(personalNumber);
  const firstNames = Number(personalNumber[10]) % 2 === 1 ? MEN : WOMEN;
  const { city, zip } = pick(CITIES, draw(0));
  return {
    firstName: pick(firstNames, draw(1)),
    lastName: pick(SURNAMES, draw(2)),
    coAddress: '',
    address: `${pick(STREETS, draw(3))} ${1 + (draw(4) % 60)}`,
    zipCode: `${zip} ${String(draw(5) % 100).padStart(2, '0')}`,
    city,
  };
}

/** Independent numbers from one hash of the personal number: `draw(i)` is its i-th 32-bit word. */
function drawsFrom(seed: string): (i: number) => number {
  const hex = createHash('sha256').update(`population-register:${seed}`).digest('hex');
  return (i) => Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
}

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}
