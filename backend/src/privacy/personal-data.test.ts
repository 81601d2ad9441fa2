import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { createPersonalDataProtector } from './personal-data.js';

describe('personal data at rest', () => {
  const protector = createPersonalDataProtector(randomBytes(32));

  it('looks a personal number up by a keyed hash that reveals nothing', () => {
    const hash = protector.lookupHash(DEMO_PERSONAL_NUMBERS.member);
    expect(hash).toBe(protector.lookupHash(DEMO_PERSONAL_NUMBERS.member));
    expect(hash).not.toBe(protector.lookupHash('198503151239'));
    expect(hash).not.toContain('198503');
    expect(createPersonalDataProtector(randomBytes(32)).lookupHash(DEMO_PERSONAL_NUMBERS.member)).not.toBe(hash);
  });

  it('seals and unseals; every seal differs; a tampered seal is refused', () => {
    const a = protector.seal('1234567890');
    const b = protector.seal('1234567890');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234567890');
    expect(protector.unseal(a)).toBe('1234567890');
    const tampered = `${a.slice(0, -2)}${a.endsWith('A') ? 'B' : 'A'}${a.slice(-1)}`;
    expect(() => protector.unseal(tampered)).toThrow();
  });
});
