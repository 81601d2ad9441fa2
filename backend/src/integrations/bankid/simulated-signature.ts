/**
 * The BankID simulator's XML signature, built the way BankID's is (BankID Signature Profile):
 * an XML-DSig `Signature` whose `Object` holds `bankIdSignedData` (Id `bidSignedData`) with
 * `usrVisibleData` — exactly the base64 userVisibleData the relying party sent — and, if sent,
 * `usrNonVisibleData`, then `srvInfo` and `clientInfo`. SignedInfo references `#bidSignedData`
 * (Type http://www.bankid.com/signature/v1.0.0/types) and `#bidKeyInfo`, inclusive C14N,
 * SHA-256 digests, RSA-SHA256 over SignedInfo, the signing certificate and its issuer in KeyInfo.
 * Ours chain to the simulator's own root, as real ones chain to BankID's root CA.
 * Every element is written in canonical form, so the digests are over the text as it stands.
 * Demo only.
 */
import {
  createHash,
  createPrivateKey,
  createSign,
  randomBytes,
  webcrypto,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const BANKID_TYPES = 'http://www.bankid.com/signature/v1.0.0/types';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

export interface SimulatedSigner {
  /** The signing (user) certificate's RSA private key, parsed once: parsing its PEM costs more than the signature itself (1.6 of 1.9 ms). */
  privateKey: KeyObject;
  /** PEM certificate of the key (the user's certificate). */
  certificate: string;
  /** PEM certificates KeyInfo carries, signer first: the user's certificate, then the bank's CA (as BankID's signatures do). */
  chain: string[];
  /** PEM of the simulator's root, the stand-in for BankID's root CA. */
  root: string;
  /** Base64 DER OCSPResponse from the bank's CA: the user's certificate is good (completionData.ocspResponse). */
  ocspResponse: string;
}

const RSA: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
const YEAR_MS = 365 * 86_400_000;

const made = new Map<string, Promise<SimulatedSigner>>();

/**
 * The simulator's signer: a root standing in for BankID's, a bank CA under it and a user
 * certificate under that (RSA 2048, what xml-dsig rsa-sha256 names), and an OCSP response saying
 * the user certificate is good. Made once per process (a few seconds of CPU) and shared by every
 * simulator in it. `caFile`: the root and the bank CA are kept there (demo: in DATA_DIR), so
 * signatures made before a restart still chain to the same root (`verify-mandate`). Demo only.
 */
export function createSimulatedSigner(options: { caFile?: string } = {}): Promise<SimulatedSigner> {
  const key = options.caFile ?? '';
  let signer = made.get(key);
  if (!signer) {
    signer = makeSigner(options.caFile);
    made.set(key, signer);
  }
  return signer;
}

interface StoredCa {
  rootCert: string;
  rootKey: string;
  bankCert: string;
  bankKey: string;
}

async function makeSigner(caFile: string | undefined): Promise<SimulatedSigner> {
  x509.cryptoProvider.set(webcrypto as Crypto);
  const notBefore = new Date(Date.now() - 60_000);
  const ca = (caFile && (await readStoredCa(caFile))) || (await makeCa(notBefore));
  // Kept for the next start; a directory gone meanwhile (a test's app closed while the key was
  // still being made) costs only that: this process signs on with the CA it holds.
  if (caFile) await storeCa(caFile, ca).catch(() => undefined);
  const bankCert = new x509.X509Certificate(ca.bankCert);
  const bankKey = await importKey(ca.bankKey);
  const userKeys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const user = await x509.X509CertificateGenerator.create({
    serialNumber: randomBytes(8).toString('hex'),
    subject: 'CN=Test Testsson (BankID simulator user - demo only)',
    issuer: bankCert.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + YEAR_MS),
    signingAlgorithm: RSA,
    publicKey: userKeys.publicKey,
    signingKey: bankKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
    ],
  });
  const userPkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', userKeys.privateKey));
  return {
    privateKey: createPrivateKey({ key: userPkcs8, format: 'der', type: 'pkcs8' }),
    certificate: user.toString('pem'),
    chain: [user.toString('pem'), bankCert.toString('pem')],
    root: ca.rootCert,
    ocspResponse: await goodOcspResponse(user, bankCert, bankKey),
  };
}

async function makeCa(notBefore: Date): Promise<StoredCa> {
  const notAfter = new Date(notBefore.getTime() + 10 * YEAR_MS);
  const rootKeys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Test BankID Root CA (simulator - demo only)',
    notBefore,
    notAfter,
    signingAlgorithm: RSA,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const bankKeys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const bank = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=Test Bank Customer CA (simulator - demo only)',
    issuer: root.subject,
    notBefore,
    notAfter,
    signingAlgorithm: RSA,
    publicKey: bankKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const pkcs8 = async (key: CryptoKey) =>
    Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)).toString('base64');
  return {
    rootCert: root.toString('pem'),
    rootKey: await pkcs8(rootKeys.privateKey),
    bankCert: bank.toString('pem'),
    bankKey: await pkcs8(bankKeys.privateKey),
  };
}

async function storeCa(file: string, ca: StoredCa): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(ca), { mode: 0o600 });
}

async function readStoredCa(file: string): Promise<StoredCa | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredCa;
  } catch {
    return undefined;
  }
}

const importKey = (pkcs8Base64: string) =>
  webcrypto.subtle.importKey('pkcs8', Buffer.from(pkcs8Base64, 'base64'), RSA, false, ['sign']);

/** What BankID's OCSP responder says about a valid user certificate: good, signed by the issuing CA. */
async function goodOcspResponse(
  user: x509.X509Certificate,
  issuer: x509.X509Certificate,
  issuerKey: CryptoKey,
): Promise<string> {
  const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as Crypto });
  const userCert = pkijs.Certificate.fromBER(user.rawData);
  const issuerCert = pkijs.Certificate.fromBER(issuer.rawData);
  const basic = new pkijs.BasicOCSPResponse();
  basic.tbsResponseData.responderID = issuerCert.subject;
  basic.tbsResponseData.producedAt = new Date();
  const certID = new pkijs.CertID();
  await certID.createForCertificate(
    userCert,
    { hashAlgorithm: 'SHA-1', issuerCertificate: issuerCert },
    engine,
  );
  const single = new pkijs.SingleResponse({ certID });
  single.certStatus = new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } }); // [0] IMPLICIT NULL: good
  single.thisUpdate = new Date();
  basic.tbsResponseData.responses.push(single);
  basic.certs = [issuerCert];
  await basic.sign(issuerKey, 'SHA-256', engine);
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: pkijs.id_PKIX_OCSP_Basic,
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
    }),
  });
  return Buffer.from(response.toSchema().toBER(false)).toString('base64');
}

export interface SignedData {
  /** Base64, as the relying party sent it. */
  userVisibleData?: string;
  userVisibleDataFormat?: string;
  userNonVisibleData?: string;
  funcId: 'Signing' | 'Identification';
  /** Epoch ms */
  at: number;
}

/** The signature XML as text (completionData.signature is its base64). */
export function signatureXml(signer: SimulatedSigner, data: SignedData): string {
  const format = data.userVisibleDataFormat ? ` format="${data.userVisibleDataFormat}"` : '';
  // Base64 and our own values only: nothing here needs XML escaping. Attributes in canonical order.
  const visible = data.userVisibleData
    ? `<usrVisibleData charset="UTF-8"${format} visible="wysiwys">${data.userVisibleData}</usrVisibleData>`
    : '';
  const nonVisible = data.userNonVisibleData
    ? `<usrNonVisibleData>${data.userNonVisibleData}</usrNonVisibleData>`
    : '';
  const signedData =
    `<bankIdSignedData xmlns="${BANKID_TYPES}" Id="bidSignedData">${visible}${nonVisible}` +
    `<srvInfo><nonce>${randomBytes(20).toString('base64')}</nonce></srvInfo>` +
    `<clientInfo><funcId>${data.funcId}</funcId><version>${Buffer.from('Personal=9.0.0&platform=simulator').toString('base64')}</version><time>${Math.floor(data.at / 1000)}</time></clientInfo>` +
    '</bankIdSignedData>';
  const certificates = signer.chain
    .map(
      (pem) =>
        `<X509Certificate>${pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '')}</X509Certificate>`,
    )
    .join('');
  const keyInfo = `<KeyInfo xmlns="${DSIG}" Id="bidKeyInfo"><X509Data>${certificates}</X509Data></KeyInfo>`;
  const reference = (uri: string, canonical: string, type?: string) =>
    `<Reference${type ? ` Type="${type}"` : ''} URI="${uri}"><Transforms><Transform Algorithm="${C14N}"></Transform></Transforms>` +
    `<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"></DigestMethod><DigestValue>${sha256(canonical)}</DigestValue></Reference>`;
  const signedInfo =
    `<SignedInfo xmlns="${DSIG}"><CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>` +
    '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"></SignatureMethod>' +
    reference('#bidSignedData', signedData, BANKID_TYPES) +
    reference('#bidKeyInfo', keyInfo) +
    '</SignedInfo>';
  const signatureValue = createSign('RSA-SHA256').update(signedInfo).sign(signer.privateKey, 'base64');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>' +
    `<Signature xmlns="${DSIG}">${signedInfo}<SignatureValue>${signatureValue}</SignatureValue>${keyInfo}<Object>${signedData}</Object></Signature>`
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}
