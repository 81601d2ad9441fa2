import type { Callables } from './callables.js';
import type { Config } from './config.js';
import type { Sql } from './db/connect.js';
import { animatedQrData, sameDeviceUrl } from './integrations/bankid/qr.js';
import type { PersonalDataProtector } from './privacy/personal-data.js';
import { bankAccountCallables } from './modules/bank-accounts/callables.js';
import { createBankAccountService, type BankAccountApi } from './modules/bank-accounts/service.js';
import { bankIdCallables } from './modules/bankid/callables.js';
import { createBankIdService, type BankIdApi } from './modules/bankid/service.js';
import { checkInCallables } from './modules/check-in/callables.js';
import { createCheckInService } from './modules/check-in/service.js';
import { createConcertStatusReader } from './modules/concert/status.js';
import { concertCallables } from './modules/concert/callables.js';
import { createConcertService } from './modules/concert/service.js';
import type { ConcertStore } from './modules/concert/store.js';
import { saleTerms } from './modules/concert/terms.js';
import { copyCallables } from './modules/copy/callables.js';
import { flowCallables } from './modules/flow/callables.js';
import { contactCallables } from './modules/contact/callables.js';
import { returnAddress } from './modules/session/resume.js';
import { createContactService } from './modules/contact/service.js';
import { createFlowService } from './modules/flow/service.js';
import { createDoorCodes } from './modules/tickets/door-codes.js';
import { createCopyService } from './modules/copy/service.js';
import type { BankgirotStandInClient } from './integrations/bankgirot/client.js';
import { mandateCallables } from './modules/mandates/callables.js';
import { createMandateService } from './modules/mandates/service.js';
import { membershipCallables } from './modules/membership/callables.js';
import { createMembershipService, type PopulationRegister } from './modules/membership/service.js';
import { outboxCallables } from './modules/outbox/callables.js';
import { createOutboxService } from './modules/outbox/service.js';
import { queueCallables } from './modules/queue/callables.js';
import { createQueueOfferService } from './modules/queue/offers.js';
import { createStaffInvitations } from './modules/staff/invite.js';
import { createQueueService } from './modules/queue/service.js';
import { staffCallables } from './modules/staff/callables.js';
import { createStaffService } from './modules/staff/service.js';
import { countTakenTickets } from './modules/tickets/queries/availability.js';
import { attendeeCallables } from './modules/attendees/callables.js';
import { createAttendeeService } from './modules/attendees/service.js';
import { auditCallables } from './modules/audit/callables.js';
import { createAuditService } from './modules/audit/service.js';
import { createExportService } from './modules/exports/service.js';
import { mailoutCallables } from './modules/mailout/callables.js';
import { createMailoutService } from './modules/mailout/service.js';
import { retentionCallables } from './modules/retention/callables.js';
import { createRetentionService } from './modules/retention/service.js';
import { saleCallables } from './modules/sale/callables.js';
import { createSaleService } from './modules/sale/service.js';
import type { Logger } from 'pino';
import { ticketCallables } from './modules/tickets/callables.js';
import { createTicketService } from './modules/tickets/service.js';
import { createTicketOffice } from './modules/tickets/office.js';
import { ticketOfficeCallables } from './modules/tickets/office-callables.js';

/** The outside services the visitor functions talk to: real ones in production, the simulators in demo mode. */
export interface VisitorIntegrations {
  bankId: BankIdApi;
  /** Where the same-device flow opens BankID. */
  bankIdAppUrl: string;
  bankAccounts: BankAccountApi;
  populationRegister: PopulationRegister;
  /** Demo mode only: Bankgirot's stand-in answers mandate files. */
  bankgirotStandIn?: BankgirotStandInClient;
}

/**
 * The domain built once from its dependencies, and every function of the contract it offers
 * (who may call each: FUNCTION_CALLERS, checked by the transport before a handler runs).
 */
export function createDomain({
  sql,
  config,
  concerts,
  integrations,
  protector,
  onCopyChanged,
  now,
  log,
}: {
  sql: Sql;
  config: Config;
  /** The current concert, read at request time (its facts are the office's, not the config's). */
  concerts: ConcertStore;
  integrations: VisitorIntegrations;
  protector: PersonalDataProtector;
  /** After a text was saved: pages show it from the next load. */
  onCopyChanged?: () => void;
  /** The clock of waiting-list offers, sign-up dates and Autogiro files (tests move it). */
  now?: () => Date;
  log: Logger;
}) {
  // Door codes at rest: keyed hash + sealed copy (issue 30 point 9d).
  const doorCodes = createDoorCodes(protector);
  // The concert's terms as getters over the store: capacity, sale window, hold and amounts follow
  // the office's saves without a restart.
  const terms = saleTerms(concerts, { memberQueue: config.memberQueue, holdMs: config.holdMs });
  const amounts = {
    get minNewMemberAmount() {
      return terms.concert?.minNewMemberAmount ?? Infinity;
    },
    get minRaise() {
      return terms.concert?.minRaise ?? Infinity;
    },
    get donationStep() {
      return terms.concert?.donationStep ?? 1;
    },
  };
  const concertTimes = {
    get id() {
      return terms.ticketScope.concertId;
    },
    get startsAt() {
      return terms.concert?.startsAt.getTime() ?? Infinity;
    },
    get endsAt() {
      return terms.endsAt;
    },
    get salesCloseAt() {
      return terms.salesCloseAt;
    },
  };
  const concertStatus = createConcertStatusReader(terms, () => countTakenTickets(sql, terms.ticketScope));
  // Another concert, or a new capacity: the taken count is of other rows now.
  concerts.onChange(() => concertStatus.invalidate());
  // The office's work: built first, since confirming a ticket hands it to the mail-out.
  const mailout = createMailoutService({
    sql,
    get concertId() {
      return terms.ticketScope.concertId;
    },
    publicUrl: config.publicUrl,
    doorCodes,
  });
  const office = {
    sale: createSaleService({ sql, terms }),
    mailout,
    retention: createRetentionService({
      sql,
      log: log.child({ module: 'retention' }),
      eraseAfterDays: config.eraseAfterDays,
      concert: concertTimes,
    }),
    exports: createExportService({
      sql,
      concert: concertTimes,
      log: log.child({ module: 'exports' }),
      doorCodes,
    }),
  };
  const tickets = createTicketService({
    sql,
    get scope() {
      return terms.ticketScope;
    },
    get holdMs() {
      return terms.holdMs;
    },
    unidentifiedMs: config.holdUnidentifiedMs,
    status: concertStatus,
    publicUrl: config.publicUrl,
    onTicketConfirmed: mailout.ticketConfirmed,
    doorCodes,
  });
  const membership = createMembershipService({
    sql,
    get scope() {
      return terms.ticketScope;
    },
    amounts,
    currentHold: tickets.currentHold,
    reserveForSign: tickets.reserveForSign,
    publicUrl: config.publicUrl,
    populationRegister: integrations.populationRegister,
    protector,
    autogiro: config.autogiro,
    onTicketConfirmed: mailout.ticketConfirmed,
    now,
  });
  const bankId = createBankIdService({
    sql,
    bankId: integrations.bankId,
    appUrl: integrations.bankIdAppUrl,
    qrData: animatedQrData,
    sameDeviceUrl,
    applySign: membership.applySign,
    onIdentified: tickets.holderIdentified,
    protector,
    log: log.child({ module: 'bankid' }),
    abandonGraceMs: config.bankId.abandonGraceMs,
  });
  const mandates = createMandateService({
    sql,
    protector,
    autogiro: config.autogiro,
    standIn: integrations.bankgirotStandIn,
    now,
  });
  const queueOffers = createQueueOfferService({
    sql,
    get scope() {
      return terms.ticketScope;
    },
    get holdMs() {
      return terms.holdMs;
    },
    defaultOfferHours: config.queueOfferHours,
    publicUrl: config.publicUrl,
    status: concertStatus,
    get salesCloseAt() {
      return terms.salesCloseAt;
    },
    now,
  });
  const bankAccounts = createBankAccountService({
    sql,
    client: integrations.bankAccounts,
    personKey: protector.lookupHash,
  });

  const staffInvitations = createStaffInvitations({ sql, allowedDomains: config.adminAllowedDomains });

  const callables: Callables = {
    ...ticketCallables(tickets, concerts),
    ...flowCallables(createFlowService({ sql, protector, currentHold: tickets.currentHold })),
    ...contactCallables(createContactService({ sql, supportTo: config.mail.supportTo })),
    ...bankIdCallables({
      bankId,
      membership,
      autogiro: config.autogiro,
      returnAddress: (binding, path) => returnAddress(sql, config.publicUrl, binding, path),
    }),
    ...membershipCallables(membership),
    ...bankAccountCallables(bankAccounts),
    ...queueCallables(
      createQueueService({
        sql,
        status: concertStatus,
        get concertId() {
          return terms.ticketScope.concertId;
        },
        memberQueue: config.memberQueue,
        publicUrl: config.publicUrl,
        addressKey: protector.lookupHash,
      }),
      queueOffers,
    ),
    ...checkInCallables(createCheckInService({ sql, concert: concertTimes, doorCodes })),
    ...outboxCallables(
      createOutboxService({
        sql,
        mandateVars: mandates.confirmationVars,
        doorCodes,
        protector,
      }),
    ),
    ...copyCallables(createCopyService({ sql, onCopyChanged })),
    ...staffCallables(createStaffService({ sql, invitations: staffInvitations }), staffInvitations),
    ...saleCallables(office.sale),
    ...concertCallables(createConcertService({ sql, store: concerts })),
    ...attendeeCallables(createAttendeeService({ sql, concert: concertTimes, doorCodes })),
    ...mailoutCallables(office.mailout),
    ...auditCallables(createAuditService({ sql })),
    ...retentionCallables(office.retention),
    ...mandateCallables(mandates),
    ...ticketOfficeCallables(
      createTicketOffice({
        sql,
        get scope() {
          return terms.ticketScope;
        },
        status: concertStatus,
        doorCodes,
        offerFreedTickets: queueOffers.sweep,
        onSweepError: (err) =>
          log.warn({ err, module: 'tickets' }, 'queue sweep after a cancellation failed'),
      }),
    ),
  };
  return { concertStatus, queueOffers, callables, office, mandates, bankId };
}
