/**
 * The donor's consent as evidence: BankID's completionData (signature, OCSP response, issue
 * date, device address) and the exact text that was signed. Verifying proves that the stored
 * text is the one inside BankID's signature: the XML signature must hold (digests over
 * `bankIdSignedData` and the key info, RSA over SignedInfo, with the certificate the signature
 * carries), and the signed `usrVisibleData` — read from the signed reference itself, never from
 * the rest of the document (signature wrapping) — decoded, must equal the stored text exactly.
 * Not checked here: that the certificate chains to BankID's CA, and the OCSP response (both
 * need BankID's production trust anchors).
 */
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

export interface MandateEvidence {
  /** The text shown in BankID (userVisibleData before base64). */
  signedText: string;
  /** completionData.signature: base64 of BankID's XML signature. */
  signature: string;
  ocspResponse: string;
  bankIdIssueDate: string;
  deviceIp: string;
  /** The personal number BankID answered for (completionData.user). */
  personalNumber: string;
}

export type EvidenceVerdict = 'ok' | 'textDiffers' | 'signatureInvalid' | 'noVisibleData';

export interface EvidenceCheck {
  verdict: EvidenceVerdict;
  /** What differs, line by line (1-based lines of the text), when the verdict is textDiffers. */
  differences: { line: number; stored: string | null; signed: string | null }[];
  /** Why the signature did not verify, when it did not. */
  problem?: string;
}

const BANKID_TYPES = 'http://www.bankid.com/signature/v1.0.0/types';

export function verifyEvidence(evidence: Pick<MandateEvidence, 'signedText' | 'signature'>): EvidenceCheck {
  let xml: string;
  try {
    xml = Buffer.from(evidence.signature, 'base64').toString('utf8');
  } catch {
    return { verdict: 'signatureInvalid', differences: [], problem: 'the signature is not base64' };
  }
  let signedReferences: string[];
  try {
    const doc = new DOMParser({
      errorHandler: {
        warning: () => {},
        error: () => {},
        fatalError: (e) => {
          throw new Error(String(e));
        },
      },
    }).parseFromString(xml, 'text/xml');
    const signatureNode = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
    if (!signatureNode) return { verdict: 'signatureInvalid', differences: [], problem: 'no XML signature' };
    const verifier = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    verifier.loadSignature(signatureNode);
    if (!verifier.checkSignature(xml))
      return { verdict: 'signatureInvalid', differences: [], problem: 'the XML signature does not verify' };
    signedReferences = verifier.getSignedReferences();
  } catch (err) {
    return {
      verdict: 'signatureInvalid',
      differences: [],
      problem: `the XML signature does not verify (${(err as Error).message.split('\n')[0]})`,
    };
  }
  const signedText = visibleDataIn(signedReferences);
  if (signedText === undefined)
    return { verdict: 'noVisibleData', differences: [], problem: 'the signed data holds no usrVisibleData' };
  if (signedText === evidence.signedText) return { verdict: 'ok', differences: [] };
  return { verdict: 'textDiffers', differences: lineDifferences(evidence.signedText, signedText) };
}

/** usrVisibleData of the signed bankIdSignedData reference, decoded (UTF-8). */
function visibleDataIn(signedReferences: string[]): string | undefined {
  for (const reference of signedReferences) {
    const doc = new DOMParser({ errorHandler: { warning: () => {}, error: () => {} } }).parseFromString(
      reference,
      'text/xml',
    );
    const root = doc.documentElement;
    if (!root || root.localName !== 'bankIdSignedData' || root.namespaceURI !== BANKID_TYPES) continue;
    const visible = root.getElementsByTagNameNS(BANKID_TYPES, 'usrVisibleData')[0];
    if (!visible) return undefined;
    return Buffer.from((visible.textContent ?? '').trim(), 'base64').toString('utf8');
  }
  return undefined;
}

/** Each line that is not the same, with both sides (null where one text has no such line). */
export function lineDifferences(stored: string, signed: string): EvidenceCheck['differences'] {
  const a = stored.split('\n');
  const b = signed.split('\n');
  const out: EvidenceCheck['differences'] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) out.push({ line: i + 1, stored: a[i] ?? null, signed: b[i] ?? null });
  }
  return out;
}
