import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { createPersonalDataProtector, SEALED_AT, SealedWithAnotherKeyError } from './personal-data.js';

describe('personal data at rest', () => {
  const protector = createPersonalDataProtector(randomBytes(32));

  it('looks a personal number up by a keyed hash that reveals nothing', () => {
    const hash = protector.lookupHash(DEMO_PERSONAL_NUMBERS.member);
    expect(hash).toBe(protector.lookupHash(DEMO_PERSONAL_NUMBERS.member));
    expect(hash).not.toBe(protector.lookupHash('198503151239'));
    expect(hash).not.toContain('198503');
    expect(createPersonalDataProtector(randomBytes(32)).lookupHash(DEMO_PERSONAL_NUMBERS.member)).not.toBe(
      hash,
    );
  });

  const at = SEALED_AT.mandateAccount('person-1');

  it('seals and unseals; every seal differs; a tampered seal is refused', () => {
    const a = protector.seal('1234567890', at);
    const b = protector.seal('1234567890', at);
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234567890');
    expect(protector.unseal(a, at)).toBe('1234567890');
    // The second-to-last character changed (chosen by itself: a replacement equal to it changed nothing, 1 run in 64).
    const tampered = `${a.slice(0, -2)}${a.at(-2) === 'A' ? 'B' : 'A'}${a.slice(-1)}`;
    expect(tampered).not.toBe(a);
    expect(() => protector.unseal(tampered, at)).toThrow();
  });

  it('binds a seal to its table, column and row, and names the key that made it', () => {
    const sealed = protector.seal('1234567890', at);
    expect(sealed.startsWith(`v2.${protector.keyId}.`)).toBe(true);
    expect(() => protector.unseal(sealed, SEALED_AT.mandateAccount('person-2'))).toThrow(); // another row
    expect(() => protector.unseal(sealed, SEALED_AT.personalNumber('person-1'))).toThrow(); // another table and column
    const other = createPersonalDataProtector(randomBytes(32));
    expect(other.keyId).not.toBe(protector.keyId);
    expect(() => other.unseal(sealed, at)).toThrow(SealedWithAnotherKeyError);
  });

  it('still opens a v1 seal from before (no key id, no binding)', () => {
    const secret = randomBytes(32);
    const v2 = createPersonalDataProtector(secret);
    // v1: iv | tag | ciphertext with the same key and no associated data
    const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'personal data seal v1', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update('197001011234', 'utf8'), cipher.final()]);
    const v1 = `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    expect(v2.unseal(v1, at)).toBe('197001011234');
  });
});
