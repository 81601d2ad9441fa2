import type { Answer, FunctionName, ParsedPayload } from '@concert/shared/api';
import type { StaffMember } from './modules/staff/identity.js';

/**
 * A function of the contract (CONTRACT.md §2) as the domain sees it: the parsed payload and who
 * calls in, the answer out. No Koa here: http/callable.ts authenticates the caller, reads the
 * envelope and hands the handler only this.
 */
export interface CallContext {
  /** The visitor's uid (visitor functions) or the staff member's id (staff functions). */
  callerId: string;
  /** A visitor's session: when it began (its token's `sst`), which a BankID return reference keeps. */
  sessionStartedAt?: number;
  /** The caller's address as the transport saw it (BankID wants the end user's IP). */
  ip: string;
  /** The signed-in staff member; set for staff and copy-admin functions only. */
  staff?: StaffMember;
}

export type Callable<N extends FunctionName> = (
  payload: ParsedPayload<N>,
  call: CallContext,
) => Promise<Answer<N>>;
export type Callables = { [N in FunctionName]?: Callable<N> };

export function defineCallables(c: Callables): Callables {
  return c;
}
