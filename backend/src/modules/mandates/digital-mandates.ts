import type { AutogiroAnswerApplied, DigitalMandateMeaning } from '@concert/shared/api';
import { readDigitalMandateFile } from '../../integrations/bankgirot/digital-mandates.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { answered, applyOnce, readReply } from './answer-intake.js';
import { payerKey, type Autogiro } from './autogiro.js';
import { lockMandatesOfPayers, mandatesOfPersonHashes } from './queries/mandates.js';
import { recordDiscrepancy } from './queries/discrepancies.js';

const DIGITAL_MEANINGS: Record<string, DigitalMandateMeaning> = {
  '0': 'new',
  '1': 'reminder1',
  '2': 'reminder2',
};

/**
 * Reads a file of mandates payers gave in their internet bank (AG-EMEDGIV). None of them moves
 * a mandate: Bankgirot waits for the payee to approve or reject each (a TK04), and a mandate
 * made there carries no amount. Each is listed for the office as a digital mandate to look at,
 * tied to one of our donors by the payer number they typed or, failing that, by their personal
 * number (compared by its keyed hash, never stored apart from the sealed file), or to no one.
 */
export async function applyDigitalMandates(
  ag: Autogiro,
  staff: StaffMember,
  bytes: Buffer,
  uploadedName: string,
): Promise<AutogiroAnswerApplied> {
  const { protector, payee } = ag;
  const parsed = readReply(() => readDigitalMandateFile(bytes, payee));
  const fallback = `AG-EMEDGIV-${parsed.date.replaceAll('-', '')}.txt`;
  return applyOnce(ag, bytes, uploadedName, fallback, staff, async (tx, file) => {
    const byPayer = new Map(
      (await lockMandatesOfPayers(tx, [...new Set(parsed.mandates.map((d) => d.payerNumber))])).map((m) => [
        payerKey(m.payerNumber),
        m,
      ]),
    );
    const hashOf = (d: (typeof parsed.mandates)[number]) =>
      d.personalNumber.startsWith('00') ? null : protector.lookupHash(d.personalNumber);
    const byPerson = new Map(
      (
        await mandatesOfPersonHashes(
          tx,
          parsed.mandates.map(hashOf).filter((h): h is string => h !== null),
        )
      ).map((m) => [m.personalNumberHash, m]),
    );
    for (const d of parsed.mandates) {
      const hash = hashOf(d);
      const byNumber = byPayer.get(d.payerNumber);
      const m = byNumber ?? (hash ? byPerson.get(hash) : undefined);
      await recordDiscrepancy(tx, {
        reason: 'digitalMandate',
        fileId: file.id,
        line: d.line,
        payerNumber: d.payerNumber,
        mandateId: m?.id ?? null,
        mandateState: m?.state ?? null,
        meaning: DIGITAL_MEANINGS[d.messageType]!,
        matchedBy: byNumber ? 'payerNumber' : m ? 'personalNumber' : null,
      });
    }
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.readAnswerFile',
      subject: file.id,
      after: { fileName: file.fileName, kind: 'digitalMandates', digitalMandates: parsed.mandates.length },
    });
    return {
      ...answered(file),
      kind: 'digitalMandates' as const,
      digitalMandates: parsed.mandates.length,
      discrepancies: parsed.mandates.length,
    };
  });
}
