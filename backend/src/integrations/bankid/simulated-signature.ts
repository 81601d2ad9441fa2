/**
 * The BankID simulator's XML signature, built the way BankID's is (BankID Signature Profile):
 * an XML-DSig `Signature` whose `Object` holds `bankIdSignedData` (Id `bidSignedData`) with
 * `usrVisibleData` — exactly the base64 userVisibleData the relying party sent — and, if sent,
 * `usrNonVisibleData`, then `srvInfo` and `clientInfo`. SignedInfo references `#bidSignedData`
 * (Type http://www.bankid.com/signature/v1.0.0/types) and `#bidKeyInfo`, inclusive C14N,
 * SHA-256 digests, RSA-SHA256 over SignedInfo, the signing certificate in KeyInfo. Ours is a
 * self-signed certificate made when the simulator starts (real ones chain to BankID's CA).
 * Every element is written in canonical form, so the digests are over the text as it stands.
 * Demo only.
 */
import { createHash, createPrivateKey, createSign, randomBytes, type KeyObject } from 'node:crypto';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const BANKID_TYPES = 'http://www.bankid.com/signature/v1.0.0/types';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

export interface SimulatedSigner {
  /** The RSA private key, parsed once: parsing its PEM costs more than the signature itself (1.6 of 1.9 ms). */
  privateKey: KeyObject;
  /** PEM certificate of the key. */
  certificate: string;
}

let made: Promise<SimulatedSigner> | undefined;

/**
 * The simulator's signing key and self-signed certificate (RSA 2048: what xml-dsig rsa-sha256
 * names). Made once per process (about a second of CPU) and shared by every simulator in it.
 */
export function createSimulatedSigner(): Promise<SimulatedSigner> {
  made ??= makeSigner();
  return made;
}

async function makeSigner(): Promise<SimulatedSigner> {
  const { generate } = await import('selfsigned');
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: 'commonName', value: 'BankID simulator (demo only)' }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 365 * 86_400_000),
  });
  return { privateKey: createPrivateKey(pems.private), certificate: pems.cert };
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
  const visible = data.userVisibleData ? `<usrVisibleData charset="UTF-8"${format} visible="wysiwys">${data.userVisibleData}</usrVisibleData>` : '';
  const nonVisible = data.userNonVisibleData ? `<usrNonVisibleData>${data.userNonVisibleData}</usrNonVisibleData>` : '';
  const signedData =
    `<bankIdSignedData xmlns="${BANKID_TYPES}" Id="bidSignedData">${visible}${nonVisible}` +
    `<srvInfo><nonce>${randomBytes(20).toString('base64')}</nonce></srvInfo>` +
    `<clientInfo><funcId>${data.funcId}</funcId><version>${Buffer.from('Personal=9.0.0&platform=simulator').toString('base64')}</version><time>${Math.floor(data.at / 1000)}</time></clientInfo>` +
    '</bankIdSignedData>';
  const certBase64 = signer.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  const keyInfo = `<KeyInfo xmlns="${DSIG}" Id="bidKeyInfo"><X509Data><X509Certificate>${certBase64}</X509Certificate></X509Data></KeyInfo>`;
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
