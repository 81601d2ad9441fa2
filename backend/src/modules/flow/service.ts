import type { FlowAnswer, FlowSnapshot, TicketData } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import { sessionIdentity } from '../bankid/queries.js';
import { saveSessionFlow, sessionFlowOf, sessionSignApplied } from './queries.js';

/**
 * The visitor's place in the sign-up, kept by the server for the session (issue 29), so a reload,
 * the return from the BankID app or a link opened anew resumes the step. The page's snapshot is
 * sealed at rest; what it claims is checked against what the server knows: an identification the
 * session did not complete (or that no longer stands) is dropped with everything that followed it,
 * the reservation and the sign's outcome are the server's own.
 */
export function createFlowService(deps: {
  sql: Sql;
  protector: Pick<PersonalDataProtector, 'lookupHash' | 'seal' | 'unseal'>;
  currentHold: (sessionUid: string) => Promise<TicketData | null>;
}) {
  const { sql, protector } = deps;

  async function save(sessionUid: string, flow: FlowSnapshot): Promise<{ saved: true }> {
    await saveSessionFlow(
      sql,
      sessionUid,
      protector.seal(JSON.stringify(flow), SEALED_AT.sessionFlow(sessionUid)),
    );
    return { saved: true };
  }

  async function read(sessionUid: string): Promise<FlowAnswer> {
    const [sealed, identity, ticketData, signCompleted] = await Promise.all([
      sessionFlowOf(sql, sessionUid),
      sessionIdentity(sql, sessionUid),
      deps.currentHold(sessionUid),
      sessionSignApplied(sql, sessionUid),
    ]);
    let flow = sealed
      ? (JSON.parse(protector.unseal(sealed, SEALED_AT.sessionFlow(sessionUid))) as FlowSnapshot)
      : null;
    const vouched =
      flow?.authenticatedUser &&
      identity &&
      protector.lookupHash(flow.authenticatedUser.personalNumber) === identity.personalNumberHash;
    if (flow?.authenticatedUser && !vouched) flow = withoutIdentification(flow);
    return { flow, ticketData, signCompleted };
  }

  return { save, read };
}
export type FlowService = ReturnType<typeof createFlowService>;

/** The snapshot as it was before BankID's identification: nothing that needed it survives. */
function withoutIdentification(flow: FlowSnapshot): FlowSnapshot {
  return {
    ...flow,
    step: 'memberCheck',
    person: {
      ...flow.person,
      firstName: '',
      lastName: '',
      phone: '',
      address: '',
      zipCode: '',
      city: '',
      isMember: false,
      personId: null,
      paymentType: 0,
    },
    authenticatedUser: null,
    paymentInfo: null,
    userState: null,
    detailsDone: false,
    accountInfo: null,
    bankIdOrder: flow.bankIdOrder?.purpose === 'auth' ? flow.bankIdOrder : null,
  };
}
