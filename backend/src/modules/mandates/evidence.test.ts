import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulatedSigner,
  signatureXml,
  type SimulatedSigner,
} from '../../integrations/bankid/simulated-signature.js';
import { verifyEvidence } from './evidence.js';
import { firstDrawDate } from './lifecycle.js';

const TEXT =
  '# Autogiromedgivande\n\nJag, *Erik Holm* (19900101-2344), blir månadsgivare.\n\n+ Kontonummer: 123 456 789-0';
const base64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

let signer: SimulatedSigner;
let signature: string;
beforeAll(async () => {
  signer = await createSimulatedSigner();
  signature = base64(
    signatureXml(signer, {
      userVisibleData: base64(TEXT),
      userVisibleDataFormat: 'simpleMarkdownV1',
      funcId: 'Signing',
      at: Date.now(),
    }),
  );
}, 30_000);

describe('mandate evidence', () => {
  it('an untouched text is the one inside BankID’s signature', () => {
    expect(verifyEvidence({ signedText: TEXT, signature })).toEqual({ verdict: 'ok', differences: [] });
  });

  it('a tampered stored text fails and says exactly which line differs', () => {
    const tampered = TEXT.replace('123 456 789-0', '999 456 789-0');
    expect(verifyEvidence({ signedText: tampered, signature })).toEqual({
      verdict: 'textDiffers',
      differences: [
        { line: 5, stored: '+ Kontonummer: 999 456 789-0', signed: '+ Kontonummer: 123 456 789-0' },
      ],
    });
  });

  it('a signature whose signed data was changed afterwards does not verify', () => {
    const xml = Buffer.from(signature, 'base64').toString('utf8');
    const forged = base64(xml.replace(base64(TEXT), base64(TEXT.replace('Erik', 'Eve'))));
    expect(verifyEvidence({ signedText: TEXT.replace('Erik', 'Eve'), signature: forged })).toMatchObject({
      verdict: 'signatureInvalid',
    });
  });

  it('visible data outside the signed reference is never read (signature wrapping)', () => {
    const xml = Buffer.from(signature, 'base64').toString('utf8');
    const wrapped = xml.replace(
      '<Object>',
      `<Object><bankIdSignedData xmlns="http://www.bankid.com/signature/v1.0.0/types" Id="other"><usrVisibleData>${base64('forged')}</usrVisibleData></bankIdSignedData>`,
    );
    expect(verifyEvidence({ signedText: 'forged', signature: base64(wrapped) }).verdict).not.toBe('ok');
    expect(verifyEvidence({ signedText: 'anything', signature: base64('<not xml') })).toMatchObject({
      verdict: 'signatureInvalid',
    });
  });
});

describe('firstDrawDate', () => {
  it('is the draw day of a month, at least the lead days ahead', () => {
    expect(firstDrawDate('2026-11-23', 28, 3)).toBe('2026-11-30'); // the 28th is a Saturday: drawn Monday
    expect(firstDrawDate('2026-11-26', 28, 3)).toBe('2026-12-28');
    expect(firstDrawDate('2026-11-23', 28, 14)).toBe('2026-12-28');
    expect(firstDrawDate('2026-12-20', 5, 14)).toBe('2027-01-05');
  });
});
