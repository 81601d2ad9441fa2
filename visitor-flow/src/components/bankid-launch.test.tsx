import { describe, expect, it } from 'vitest';
import { bankIdAppLink } from './bankid-launch.js';

describe('bankIdAppLink (BankID guidance per device)', () => {
  const universal =
    'https://app.bankid.com/?autostarttoken=7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6&redirect=null';

  it("a computer opens BankID's own scheme, without a way back", () => {
    expect(bankIdAppLink(universal, true)).toBe(
      'bankid:///?autostarttoken=7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6&redirect=null',
    );
    const ios =
      'https://app.bankid.com/?autostarttoken=abc&redirect=https%3A%2F%2Fx.example%2Fsv%2FmemberCheck';
    expect(bankIdAppLink(ios, true)).toBe('bankid:///?autostarttoken=abc&redirect=null');
  });

  it('a phone or tablet keeps the universal link (and its way back)', () => {
    expect(bankIdAppLink(universal, false)).toBe(universal);
  });

  it("any other link (the demo's simulator) is used as it is", () => {
    const simulator = 'http://127.0.0.1:8080/dev/bankid/app?autostarttoken=abc';
    expect(bankIdAppLink(simulator, true)).toBe(simulator);
  });
});
