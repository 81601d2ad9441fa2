import { randomUUID } from 'node:crypto';
import { BankIdError, type BankIdClient } from './client.js';

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

/**
 * One harmless call to BankID: a collect for an order that does not exist. BankID can only answer
 * it (400 invalidParameters) after the TLS handshake succeeded both ways, so that answer proves
 * BankID is reachable, its server certificate chains to BANKID_CA_PATH and it accepted our RP
 * certificate. Anything else is reported with its exact cause.
 */
export async function checkBankIdConnection(client: Pick<BankIdClient, 'collect'>): Promise<ConnectionCheck> {
  try {
    await client.collect(randomUUID());
    return {
      ok: true,
      message: 'BankID reachable, certificate accepted (it even answered a collect for an unknown order)',
    };
  } catch (err) {
    if (!(err instanceof BankIdError))
      return { ok: false, message: `BankID check failed: ${(err as Error).message}` };
    if (err.errorCode === 'invalidParameters' || err.errorCode === 'notFound')
      return { ok: true, message: 'BankID reachable, certificate accepted' };
    if (err.errorCode === 'unauthorized')
      return { ok: false, message: `BankID refused the RP certificate: ${err.reason}` };
    if (err.errorCode === 'unreachable') return { ok: false, message: `BankID not reachable: ${err.reason}` };
    return { ok: false, message: `BankID answered with an error: ${err.reason}` };
  }
}
