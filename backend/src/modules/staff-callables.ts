import type { Config } from '../config.js';
import type { Sql } from '../db/connect.js';
import { defineCallables } from '../http/callable.js';
import { currentStaff } from '../http/staff-auth.js';
import type { ConcertStatusReader } from './concert/status.js';
import { createStaffService } from './staff/service.js';

/**
 * Wires the staff-facing domain into callable functions (who may call each: FUNCTION_CALLERS,
 * enforced by the staff authenticator before the handler runs).
 */
export function staffCallables({ sql, config, concertStatus, onCopyChanged }: { sql: Sql; config: Config; concertStatus: ConcertStatusReader; onCopyChanged?: () => void }) {
  const staff = createStaffService({ sql, capacity: config.capacity, publicUrl: config.publicUrl, concertStatus, onCopyChanged });

  return defineCallables({
    isCopyAdmin: async (_payload, { ctx }) => staff.isCopyAdmin(currentStaff(ctx)),
    scanTicket: async ({ externalTicketId }, { ctx }) => staff.scanTicket(currentStaff(ctx), externalTicketId),
    addManualAttendee: async ({ firstName, lastName, email }, { ctx }) => staff.addManualAttendee(currentStaff(ctx), { firstName, lastName, email }),
    addEmailToQueue: async ({ email, name, emailType, ticketId, lang }) => staff.queueEmail({ email, name, emailType, ticketId, lang }),
    listOutbox: async () => staff.outbox(),
    listCopy: async () => staff.copyEntries(),
    updateCopy: async ({ key, id, sv, en, expectedUpdatedAt }, { ctx }) => staff.updateCopy(currentStaff(ctx), { key: (key ?? id)!, sv, en, expectedUpdatedAt }),
    copyHistory: async ({ key }) => staff.copyHistory(key),
    setCopyAdmin: async ({ email, isCopyAdmin }, { ctx }) => staff.setCopyAdmin(currentStaff(ctx), email, isCopyAdmin),
  });
}
