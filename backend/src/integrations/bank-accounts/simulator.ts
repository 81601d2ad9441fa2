/**
 * Demo-mode stand-in for the bank-account retrieval service (CONTRACT.md §4), speaking the
 * protocol of `protocol.ts` so the backend uses its real client against it. Mounted under
 * `/sim/bank-accounts`. A retrieval waits for BankID (`waitMs`), then gives three accounts at the
 * chosen bank, or, for demo persons with `bankAccountFailure`, fails with that Swedish message.
 * In memory only; a retrieval is forgotten 10 minutes after it started.
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { isBankCode, normalisePersonalNumber, type BankCode } from '@concert/shared/validation';
import { z } from 'zod';
import { jsonOrNothing } from '../request-body.js';
import { animatedQrData } from '../bankid/qr.js';
import { DEMO_PERSONS, type DemoPerson } from '../demo-fixtures.js';
import { demoAccountsFor } from './demo-accounts.js';
import {
  ACCOUNT_RETRIEVALS_PATH,
  type BankAccountRequestView,
  type CreatedView,
  type ServiceErrorView,
} from './protocol.js';

export interface BankAccountSimulatorOptions {
  now?: () => number;
  /** How long the visitor "takes" to log in with BankID before the answer is ready. */
  waitMs?: number;
  fixtures?: readonly DemoPerson[];
}

const RETRIEVAL_LIFETIME_MS = 10 * 60 * 1000;

interface Retrieval {
  publicId: string;
  personalNumber: string;
  bank: BankCode;
  sameDevice: boolean;
  startedAt: number;
  qrStartToken: string;
  qrStartSecret: string;
  autostartToken: string;
}

const startBody = z.object({
  SSN: z.string(),
  Bank: z.string(),
  OtherDevice: z.boolean().optional(),
});

export function createBankAccountSimulator(options: BankAccountSimulatorOptions = {}): { router: Router } {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? 2000;
  const fixtures = options.fixtures ?? DEMO_PERSONS;
  const retrievals = new Map<string, Retrieval>();

  function forgetExpired(): void {
    for (const [id, r] of retrievals) if (now() - r.startedAt >= RETRIEVAL_LIFETIME_MS) retrievals.delete(id);
  }

  async function startRetrieval(ctx: Context): Promise<void> {
    forgetExpired();
    // Malformed JSON is answered like any other bad request, not with the app's envelope.
    const body = startBody.safeParse(await jsonOrNothing(ctx));
    if (!body.success) return refuse(ctx, 400, 'Bank and SSN are required');
    const { SSN, Bank, OtherDevice = false } = body.data;
    // The real service wants the 12-digit form; normalising is the caller's job.
    if (normalisePersonalNumber(SSN) !== SSN)
      return refuse(ctx, 400, 'SSN must be a valid 12-digit personal number');
    if (!isBankCode(Bank)) return refuse(ctx, 400, 'Unknown bank');
    const retrieval: Retrieval = {
      publicId: randomUUID(),
      personalNumber: SSN,
      bank: Bank,
      sameDevice: !OtherDevice,
      startedAt: now(),
      qrStartToken: randomUUID(),
      qrStartSecret: randomUUID(),
      autostartToken: randomUUID(),
    };
    retrievals.set(retrieval.publicId, retrieval);
    ctx.status = 201;
    ctx.body = { PublicId: retrieval.publicId } satisfies CreatedView;
  }

  function retrievalStatus(ctx: Context, publicId: string): void {
    forgetExpired();
    const retrieval = retrievals.get(publicId);
    if (!retrieval) return refuse(ctx, 404, 'No such bank account retrieval');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = viewOf(retrieval, now() - retrieval.startedAt);
  }

  function viewOf(r: Retrieval, elapsedMs: number): BankAccountRequestView {
    const base = {
      PublicId: r.publicId,
      Bank: r.bank,
      IsBankIdAutostartTokenRequired: r.sameDevice,
      QR: null,
      BankIdAutostartToken: null,
      AccountNumbers: null,
      FailureMessage: null,
      FailureCode: null,
    };
    if (elapsedMs < waitMs) {
      // BankID's animated QR: a new code every second, so a stale screenshot does not work.
      const qr = animatedQrData(r.qrStartToken, r.qrStartSecret, elapsedMs / 1000);
      return { ...base, Status: 'Waiting', QR: qr, BankIdAutostartToken: r.autostartToken };
    }
    const failure = fixtures.find((p) => p.personalNumber === r.personalNumber)?.bankAccountFailure;
    if (failure)
      return {
        ...base,
        Status: 'Failed',
        FailureMessage: failure.failureMessage,
        FailureCode: failure.failureCode,
      };
    const accounts = demoAccountsFor(r.personalNumber, r.bank).map((a) => ({
      ClearingNo: a.clearingNumber,
      AccountNo: a.accountNumber,
      Name: a.name,
      Type: a.type,
      AutogiroCompatible: a.autogiroCompatible,
    }));
    return { ...base, Status: 'Success', AccountNumbers: accounts };
  }

  const router = new Router();
  router.post(ACCOUNT_RETRIEVALS_PATH, startRetrieval);
  // Billecta's path names the creditor; the simulator serves every creditor alike.
  router.post(`${ACCOUNT_RETRIEVALS_PATH}/:creditorPublicId`, startRetrieval);
  router.get(`${ACCOUNT_RETRIEVALS_PATH}/:publicId`, (ctx) =>
    retrievalStatus(ctx, ctx.params.publicId ?? ''),
  );
  return { router };
}

function refuse(ctx: Context, status: number, message: string): void {
  ctx.status = status;
  ctx.body = { Message: message } satisfies ServiceErrorView;
}
