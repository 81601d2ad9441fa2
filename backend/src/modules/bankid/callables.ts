import { COPY_VARIABLES, SUPPORT } from '@concert/shared/universal';
import type { AutogiroConfig } from '../../config.js';
import { bankNameOf } from '@concert/shared/validation';
import { defineCallables, type CallContext } from '../../callables.js';
import { isIP } from 'node:net';
import { AppError, invalidArgument } from '../../errors.js';
import type { ResumeBinding } from '../session/resume.js';
import { signText } from '../../integrations/bankid/user-visible-data.js';
import type { MembershipService, SignPayload } from '../membership/service.js';
import type { SignRequest } from './queries.js';
import type { BankIdService } from './service.js';

/** Identifying and signing with BankID (visitors). */
export function bankIdCallables({
  bankId,
  membership,
  autogiro,
  returnAddress,
}: {
  bankId: BankIdService;
  membership: MembershipService;
  autogiro: AutogiroConfig;
  /** Where the BankID app returns to, with a one-time reference to this session for this browser (session/resume.ts). */
  returnAddress: (binding: ResumeBinding, returnTo: string) => Promise<string>;
}) {
  /** A way back needs the starting browser's secret: the reference is good only there. */
  const returnTo = (
    { returnTo: path, returnKey }: { returnTo?: string; returnKey?: string },
    { callerId, sessionStartedAt }: CallContext,
  ) => {
    if (!path) return Promise.resolve(undefined);
    if (!returnKey || sessionStartedAt === undefined) throw invalidArgument('invalidState');
    return returnAddress({ sessionUid: callerId, sessionStartedAt, browserKey: returnKey }, path);
  };
  /**
   * BankID's endUserIp is the visitor's address as seen at the edge (TRUSTED_PROXIES): never a
   * made-up one (issue 39 §8). Without it no order is started.
   */
  const endUserIpOf = (ip: string): string => {
    if (!isIP(ip)) throw new AppError('INTERNAL', 'internal');
    return ip;
  };
  return defineCallables({
    startBankIDAuth: async (payload, call) =>
      bankId.startAuth(
        call.callerId,
        payload.personalNumber,
        endUserIpOf(call.ip),
        await returnTo(payload, call),
      ),
    startBankIDSign: async (payload, call) => {
      const { callerId, ip } = call;
      const back = await returnTo(payload, call);
      const { request, ticket } = await membership.prepareSign(callerId, payload);
      const started = await bankId.startSign(
        callerId,
        payload.personalNumber,
        endUserIpOf(ip),
        request,
        whatTheVisitorSigns(request, payload.personalNumber, payload.accountInfo, autogiro),
        back,
      );
      return { ...started, ticketData: ticket };
    },
    checkBankIdTransactionStatus: async ({ transactionId }, { callerId }) =>
      bankId.checkStatus(callerId, transactionId),
    cancelBankIDSession: async ({ transactionId }, { callerId }) => bankId.cancel(callerId, transactionId),
  });
}

/** The text BankID shows: the account in full, although it is stored only sealed. */
function whatTheVisitorSigns(
  request: SignRequest,
  personalNumber: string,
  accountInfo: SignPayload['accountInfo'],
  autogiro: AutogiroConfig,
): string {
  const account = request.accountInfo && accountInfo;
  return signText({
    lang: request.lang,
    terms: {
      orgName: COPY_VARIABLES[request.lang].orgName!,
      bankgiro: autogiro.bankgiro,
      drawDay: autogiro.drawDay,
      firstDrawDate: request.firstDrawDate,
      supportEmail: SUPPORT.email,
      supportPhone: SUPPORT.phone,
    },
    payer: { name: request.signerName, personalNumber },
    signType: request.signType,
    monthlyAmount: request.monthlyAmount,
    raise: request.signType === 'raise' ? request.monthlyAmount - request.previousAmount : undefined,
    account: account && {
      clearingNumber: account.clearingNumber,
      accountNumber: account.accountNumber,
      bankName: bankNameOf(account.bank) ?? account.bank,
    },
  });
}
