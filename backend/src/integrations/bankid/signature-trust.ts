/**
 * Whether a BankID signature is BankID's: the certificates its KeyInfo carries chain from the
 * signer's certificate to BankID's root (as configured), each valid when the signature was made,
 * and BankID's OCSP response (completionData.ocspResponse) is a valid answer by the issuing CA
 * (or a responder it certified) that the signer's certificate was good. The text inside the
 * signature is checked elsewhere (modules/mandates/evidence.ts); this is the trust in who signed.
 *
 * Certificates are read and chained with Node's X509Certificate; OCSP, which Node does not
 * parse, with pkijs (PeculiarVentures, maintained; already what selfsigned builds on).
 */
import { X509Certificate, verify as verifySignature, webcrypto } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import * as pkijs from 'pkijs';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const MAX_CHAIN = 6;
/** RSA and ECDSA signature algorithms an OCSP responder may use, and their hash (OIDs). */
const SIGNATURE_HASH: Record<string, string> = {
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

export interface ChainCheck {
  ok: boolean;
  /** Subjects from the signer's certificate up to the root, as far as it got. */
  subjects: string[];
  problem?: string;
}

export interface OcspCheck {
  ok: boolean;
  status?: 'good' | 'revoked' | 'unknown';
  producedAt?: string;
  problem?: string;
}

export interface TrustCheck {
  chain: ChainCheck;
  ocsp: OcspCheck;
}

/** BankID's root certificates from a PEM file's text (several may be given: test and production). */
export function rootsFromPem(pem: string): X509Certificate[] {
  return (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new X509Certificate(block),
  );
}

/** The signature's chain to one of `roots` at `at` (when it was signed), and its OCSP response. */
export async function verifyBankIdTrust(
  evidence: { signature: string; ocspResponse: string },
  roots: X509Certificate[],
  at: Date,
): Promise<TrustCheck> {
  let certificates: X509Certificate[];
  try {
    certificates = certificatesOfSignature(evidence.signature);
  } catch (err) {
    const problem = `the signature's certificates cannot be read (${(err as Error).message})`;
    return { chain: { ok: false, subjects: [], problem }, ocsp: { ok: false, problem } };
  }
  const chain = chainToRoot(certificates, roots, at);
  const [signer] = certificates;
  const issuer = chain.path[1];
  const ocsp =
    signer && issuer
      ? await checkOcsp(evidence.ocspResponse, signer, issuer)
      : { ok: false, problem: 'no issuer of the signer’s certificate to ask about' };
  return {
    chain: {
      ok: chain.ok,
      subjects: chain.path.map(subjectOf),
      ...(chain.problem ? { problem: chain.problem } : {}),
    },
    ocsp,
  };
}

/** KeyInfo's X509Certificate elements, in order (BankID puts the signer's certificate first). */
export function certificatesOfSignature(signatureBase64: string): X509Certificate[] {
  const xml = Buffer.from(signatureBase64, 'base64').toString('utf8');
  const doc = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: () => {},
      fatalError: (e) => {
        throw new Error(String(e));
      },
    },
  }).parseFromString(xml, 'text/xml');
  const keyInfo = doc.getElementsByTagNameNS(DSIG, 'KeyInfo')[0];
  if (!keyInfo) throw new Error('no KeyInfo');
  const nodes = keyInfo.getElementsByTagNameNS(DSIG, 'X509Certificate');
  const certificates: X509Certificate[] = [];
  for (let i = 0; i < nodes.length; i++)
    certificates.push(
      new X509Certificate(Buffer.from((nodes[i]!.textContent ?? '').replace(/\s/g, ''), 'base64')),
    );
  if (!certificates.length) throw new Error('no X509Certificate');
  return certificates;
}

function chainToRoot(
  certificates: X509Certificate[],
  roots: X509Certificate[],
  at: Date,
): { ok: boolean; path: X509Certificate[]; problem?: string } {
  const path: X509Certificate[] = [];
  let current = certificates[0]!;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    path.push(current);
    if (!validAt(current, at))
      return {
        ok: false,
        path,
        problem: `${subjectOf(current)} was not valid at ${at.toISOString()} (${current.validFrom} – ${current.validTo})`,
      };
    const root = roots.find((r) => r.fingerprint256 === current.fingerprint256 || issuedBy(current, r));
    if (root) {
      if (root.fingerprint256 !== current.fingerprint256) path.push(root);
      return validAt(root, at)
        ? { ok: true, path }
        : {
            ok: false,
            path,
            problem: `BankID's root ${subjectOf(root)} was not valid at ${at.toISOString()}`,
          };
    }
    const next = certificates.find((c) => !path.includes(c) && c.ca && issuedBy(current, c));
    if (!next)
      return {
        ok: false,
        path,
        problem: `${subjectOf(current)} is not issued by BankID's root or by a CA the signature carries`,
      };
    current = next;
  }
  return { ok: false, path, problem: 'the chain is too long' };
}

function issuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
}

function validAt(certificate: X509Certificate, at: Date): boolean {
  return Date.parse(certificate.validFrom) <= at.getTime() && at.getTime() <= Date.parse(certificate.validTo);
}

const subjectOf = (c: X509Certificate) => c.subject.replace(/\n/g, ', ');

/**
 * BankID's OCSP response: successful, signed by the issuer (or by a responder certificate the
 * issuer issued, carried in the response), and about the signer's certificate, which is good.
 */
async function checkOcsp(
  ocspBase64: string,
  signer: X509Certificate,
  issuer: X509Certificate,
): Promise<OcspCheck> {
  const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as Crypto });
  let basic: pkijs.BasicOCSPResponse;
  try {
    const response = pkijs.OCSPResponse.fromBER(Buffer.from(ocspBase64, 'base64'));
    if (response.responseStatus.valueBlock.valueDec !== 0)
      return {
        ok: false,
        problem: `the OCSP responder refused (status ${response.responseStatus.valueBlock.valueDec})`,
      };
    if (!response.responseBytes || response.responseBytes.responseType !== pkijs.id_PKIX_OCSP_Basic)
      return { ok: false, problem: 'the OCSP response holds no basic response' };
    basic = pkijs.BasicOCSPResponse.fromBER(
      new Uint8Array(response.responseBytes.response.valueBlock.valueHexView),
    );
  } catch (err) {
    return { ok: false, problem: `the OCSP response cannot be read (${(err as Error).message})` };
  }
  const producedAt = basic.tbsResponseData.producedAt.toISOString();
  const issuerCert = pkijs.Certificate.fromBER(issuer.raw);
  // The responder: the issuer itself, or a certificate in the response that the issuer issued.
  const responders = [
    issuer,
    ...(basic.certs ?? []).map((c) => new X509Certificate(Buffer.from(c.toSchema().toBER(false)))),
  ].filter((c) => c === issuer || issuedBy(c, issuer));
  const hash = SIGNATURE_HASH[basic.signatureAlgorithm.algorithmId];
  if (!hash)
    return {
      ok: false,
      producedAt,
      problem: `the OCSP response is signed with an algorithm not accepted here (${basic.signatureAlgorithm.algorithmId})`,
    };
  const signed = Buffer.from(basic.tbsResponseData.tbsView);
  const signatureValue = Buffer.from(basic.signature.valueBlock.valueHexView);
  const signedByResponder = responders.some((responder) => {
    try {
      return verifySignature(hash, signed, responder.publicKey, signatureValue);
    } catch {
      return false;
    }
  });
  if (!signedByResponder)
    return {
      ok: false,
      producedAt,
      problem: 'the OCSP response is not signed by the issuer of the signer’s certificate',
    };
  const { isForCertificate, status } = await basic.getCertificateStatus(
    pkijs.Certificate.fromBER(signer.raw),
    issuerCert,
    engine,
  );
  if (!isForCertificate)
    return { ok: false, producedAt, problem: 'the OCSP response is about another certificate' };
  const named = (['good', 'revoked', 'unknown'] as const)[status] ?? 'unknown';
  return named === 'good'
    ? { ok: true, status: named, producedAt }
    : { ok: false, status: named, producedAt, problem: `the OCSP response says the certificate is ${named}` };
}
