import type { Answers } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { scanConfirmedTicket } from './queries.js';

/** Letting ticket holders in at the door. */
export function createCheckInService({ sql }: { sql: Sql }) {
  /**
   * Idempotent, because the door's phone retries and two doors may scan one ticket: the first
   * scan is OK, every later one ALREADY_SCANNED with the first scan's time (who came in when).
   */
  async function scanTicket(staff: StaffMember, externalTicketId: string): Promise<Answers['scanTicket']> {
    const row = await sql.begin(async (tx) => {
      const scan = await scanConfirmedTicket(tx, externalTicketId, staff.id);
      // Only the check-in itself is an action; a repeated scan changes nothing.
      if (scan?.firstScan) await recordAudit(tx, { staffId: staff.id, action: 'checkIn.scan', subject: scan.ticketId });
      return scan;
    });
    if (!row) throw notFound();
    return {
      outcome: row.firstScan ? 'OK' : 'ALREADY_SCANNED',
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      scannedAt: row.scannedAt.toISOString(),
    };
  }

  return { scanTicket };
}
export type CheckInService = ReturnType<typeof createCheckInService>;
