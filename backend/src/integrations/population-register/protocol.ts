/**
 * Wire format of the population-register lookup (SPAR-style: one person's registered name and
 * address by personal number), shared by the client and the demo simulator. SPAR itself is
 * SOAP; this is the JSON shape of the adapter in front of it, with the personal number in the
 * POST body, never in the URL.
 */

export const PERSON_LOOKUP_PATH = '/v1/person-lookup';

export interface PersonLookupBody {
  /** 12 digits, YYYYMMDDNNNC. */
  personalNumber: string;
}

/** The registered (folkbokföring) name and address. */
export interface RegisteredPerson {
  firstName: string;
  lastName: string;
  /** '' when there is none. */
  coAddress: string;
  address: string;
  /** 'NNN NN'. */
  zipCode: string;
  city: string;
}

/** `person` is null when SPAR has no one to give: not registered, or a protected identity. */
export interface PersonLookupAnswer {
  person: RegisteredPerson | null;
}

export interface LookupErrorView {
  error: 'invalidPersonalNumber';
}
