import { COPY_VARIABLES } from '@concert/shared/universal';
import { bankNameOf } from '@concert/shared/validation';
import type { Config } from '../config.js';
import type { PersonalDataProtector } from '../privacy/personal-data.js';
import type { Sql } from '../db/connect.js';
import { defineCallables } from '../http/callable.js';
import { AppError } from '../http/errors.js';
import { animatedQrData, sameDeviceUrl } from '../integrations/bankid/qr.js';
import { signText } from '../integrations/bankid/user-visible-data.js';
import { createBankAccountService, type BankAccountApi } from './bank-accounts/service.js';
import { createBankIdService, type BankIdApi } from './bankid/service.js';
import { createConcertStatusReader } from './concert/status.js';
import { createMembershipService, type PopulationRegister } from './membership/service.js';
import { createQueueService } from './queue/service.js';
import { countTakenTickets } from './tickets/queries.js';
import { createTicketService } from './tickets/service.js';

/** The outside services the visitor functions talk to: real ones in production, the simulators in demo mode. */
export interface VisitorIntegrations {
  bankId: BankIdApi;
  /** Where the same-device flow opens BankID. */
  bankIdAppUrl: string;
  bankAccounts: BankAccountApi;
  populationRegister: PopulationRegister;
}

/** Wires the visitor-facing domain modules into callable functions. */
export function visitorCallables({ sql, config, integrations, protector }: { sql: Sql; config: Config; integrations: VisitorIntegrations; protector: PersonalDataProtector }) {
  const concertStatus = createConcertStatusReader(config, () => countTakenTickets(sql, config.capacity));
  const tickets = createTicketService({ sql, capacity: config.capacity, holdMs: config.holdMs, status: concertStatus });
  const membership = createMembershipService({ sql, capacity: config.capacity, publicUrl: config.publicUrl, populationRegister: integrations.populationRegister, protector });
  const bankId = createBankIdService({
    sql,
    bankId: integrations.bankId,
    appUrl: integrations.bankIdAppUrl,
    qrData: animatedQrData,
    sameDeviceUrl,
    applySign: membership.applySign,
    protector,
  });
  const bankAccounts = createBankAccountService({ sql, client: integrations.bankAccounts, personKey: protector.lookupHash });
  const queue = createQueueService({ sql });

  const callables = defineCallables({
    register: async (_payload, { callerId }) => tickets.holdTicket(callerId),
    deregisterClient: async (_payload, { callerId }) => ({ released: await tickets.releaseTicket(callerId) }),
    startBankIDAuth: async ({ personalNumber }, { callerId, ctx }) => bankId.startAuth(callerId, personalNumber, ctx.ip || '127.0.0.1'),
    startBankIDSign: async (payload, { callerId, ctx }) => {
      const request = await membership.prepareSign(callerId, payload);
      // What the visitor sees in BankID: the account in full (stored only sealed).
      const account = request.accountInfo && payload.accountInfo;
      const text = signText({
        lang: request.lang,
        orgName: COPY_VARIABLES[request.lang].orgName!,
        signType: request.signType,
        monthlyAmount: request.monthlyAmount,
        raise: request.signType === 'raise' ? request.monthlyAmount - request.previousAmount : undefined,
        account: account && { clearingNumber: account.clearingNumber, accountNumber: account.accountNumber, bankName: bankNameOf(account.bank) ?? account.bank },
      });
      return bankId.startSign(callerId, payload.personalNumber, ctx.ip || '127.0.0.1', request, text);
    },
    checkBankIdTransactionStatus: async ({ transactionId }, { callerId }) => bankId.checkStatus(callerId, transactionId),
    cancelBankIDSession: async ({ transactionId }, { callerId }) => bankId.cancel(callerId, transactionId),
    getPersonalInfo: async ({ personalNumber, email }, { callerId }) => membership.personalInfo(callerId, personalNumber, email),
    startRetrievingBankAccounts: async ({ personalNumber, bank, sameDevice }, { callerId }) => bankAccounts.start(callerId, personalNumber, bank, sameDevice),
    getBankAccounts: async ({ publicId }, { callerId }) => bankAccounts.poll(callerId, publicId),
    enterQueue: async ({ person, lang }, { callerId }) => {
      if (!person.email) throw new AppError('INVALID_ARGUMENT', 'invalidEmail');
      return queue.enterQueue(callerId, { email: person.email, firstName: person.firstName, lastName: person.lastName }, lang);
    },
  });
  return { concertStatus, callables };
}
