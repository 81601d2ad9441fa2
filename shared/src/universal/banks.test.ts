import { describe, it, expect } from 'vitest';
import { BANKS, bankCodeOf, bankNameOf, isBankCode } from './banks.js';

describe('BANKS (SPEC.md §3)', () => {
  it('maps every bank name of the spec to its code', () => {
    expect(BANKS.map((b) => [b.name, b.code])).toEqual([
      ['Danske Bank', 'OEB'],
      ['Handelsbanken', 'SHB'],
      ['ICA Banken', 'ICA'],
      ['Länsförsäkringar Bank', 'LFB'],
      ['Nordea', 'NB'],
      ['SEB', 'SEB'],
      ['Skandia', 'SKB'],
      ['Sparbanken Syd', 'SYD'],
      ['Swedbank', 'FSPA'],
      ['Swedbank Sparbankerna', 'FSPASB'],
    ]);
  });

  it('has unique names and codes', () => {
    expect(new Set(BANKS.map((b) => b.name)).size).toBe(BANKS.length);
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
  });
});

describe('bankCodeOf', () => {
  it('finds the code of an exact name', () => {
    expect(bankCodeOf('Swedbank')).toBe('FSPA');
    expect(bankCodeOf('Swedbank Sparbankerna')).toBe('FSPASB');
    expect(bankCodeOf('Länsförsäkringar Bank')).toBe('LFB');
    expect(bankCodeOf('Nordea')).toBe('NB');
  });

  it('ignores case and extra whitespace', () => {
    expect(bankCodeOf('  handelsbanken ')).toBe('SHB');
    expect(bankCodeOf('LÄNSFÖRSÄKRINGAR   BANK')).toBe('LFB');
    expect(bankCodeOf('ica banken')).toBe('ICA');
  });

  it('matches decomposed Unicode like precomposed', () => {
    expect(bankCodeOf('La\u0308nsfo\u0308rsa\u0308kringar Bank')).toBe('LFB');
  });

  it('is undefined for unknown banks and partial names', () => {
    expect(bankCodeOf('Ikano Bank')).toBeUndefined();
    expect(bankCodeOf('Swed')).toBeUndefined();
    expect(bankCodeOf('')).toBeUndefined();
  });
});

describe('bankNameOf / isBankCode', () => {
  it('round-trips every code', () => {
    for (const b of BANKS) {
      expect(bankNameOf(b.code)).toBe(b.name);
      expect(bankCodeOf(b.name)).toBe(b.code);
      expect(isBankCode(b.code)).toBe(true);
    }
  });

  it('rejects unknown codes', () => {
    expect(bankNameOf('XYZ')).toBeUndefined();
    expect(isBankCode('fspa')).toBe(false);
    expect(isBankCode(42)).toBe(false);
  });
});
