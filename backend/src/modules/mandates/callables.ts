import { defineCallables } from '../../callables.js';
import { callingStaff } from '../staff/identity.js';
import type { MandateService } from './service.js';

/** The office's Autogiro functions through the callable envelope. */
export function mandateCallables(mandates: MandateService) {
  return defineCallables({
    autogiroOverview: async () => mandates.overview(),
    autogiroMandate: async ({ mandateId }, call) => mandates.detail(callingStaff(call), mandateId),
    writeMandateFile: async (_payload, call) => mandates.writeMandateFile(callingStaff(call)),
    writePaymentFile: async (_payload, call) => mandates.writePaymentFile(callingStaff(call)),
    takeBackAutogiroFile: async ({ fileId }, call) => mandates.takeBackFile(callingStaff(call), fileId),
    revokeMandate: async ({ mandateId }, call) => mandates.revoke(callingStaff(call), mandateId),
    sendMandateAgain: async ({ mandateId }, call) => mandates.sendAgain(callingStaff(call), mandateId),
    resolveAutogiroDiscrepancy: async ({ discrepancyId }, call) =>
      mandates.resolve(callingStaff(call), discrepancyId),
  });
}
