/** The sealed evidence of each signature of a mandate. */
import type { Queryable } from '../../../db/connect.js';

export async function insertEvidence(
  sql: Queryable,
  e: {
    id: string;
    mandateId: string;
    bankIdTransactionId: string;
    signType: 'new' | 'raise';
    evidenceSealed: string;
  },
): Promise<void> {
  await sql`
    INSERT INTO mandate_evidence (id, mandate_id, bankid_transaction_id, sign_type, evidence_sealed)
    VALUES (${e.id}, ${e.mandateId}, ${e.bankIdTransactionId}, ${e.signType}, ${e.evidenceSealed})`;
}

export interface EvidenceRow {
  id: string;
  signType: 'new' | 'raise';
  evidenceSealed: string;
  signedAt: Date;
}

export async function evidenceOf(sql: Queryable, mandateId: string): Promise<EvidenceRow[]> {
  return sql<EvidenceRow[]>`
    SELECT id, sign_type, evidence_sealed, signed_at
    FROM mandate_evidence
    WHERE mandate_id = ${mandateId}
    ORDER BY signed_at, id`;
}
