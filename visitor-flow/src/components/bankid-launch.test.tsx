import { describe, expect, it } from 'vitest';
import { bankIdAppLink } from './bankid-launch.js';

const COMPUTER = { onComputer: true, inAppBrowser: false };
const PHONE = { onComputer: false, inAppBrowser: false };
const IN_APP = { onComputer: false, inAppBrowser: true };

describe('bankIdAppLink (BankID guidance per device)', () => {
  const universal =
    'https://app.bankid.com/?autostarttoken=7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6&redirect=null';

  it("a computer opens BankID's own scheme, without a way back", () => {
    expect(bankIdAppLink(universal, COMPUTER)).toBe(
      'bankid:///?autostarttoken=7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6&redirect=null',
    );
    const ios = 'https://app.bankid.com/?autostarttoken=abc';
    expect(bankIdAppLink(ios, COMPUTER)).toBe('bankid:///?autostarttoken=abc&redirect=null');
  });

  it('a phone or tablet keeps the universal link (the order carries its way back)', () => {
    expect(bankIdAppLink(universal, PHONE)).toBe(universal);
    expect(bankIdAppLink('https://app.bankid.com/?autostarttoken=abc', PHONE)).toBe(
      'https://app.bankid.com/?autostarttoken=abc',
    );
  });

  it("an app's in-app browser gets the scheme, which it hands to the phone", () => {
    expect(bankIdAppLink(universal, IN_APP)).toBe(
      'bankid:///?autostarttoken=7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6&redirect=null',
    );
  });

  it("any other link (the demo's simulator) is used as it is", () => {
    const simulator = 'http://127.0.0.1:8080/dev/bankid/app?autostarttoken=abc';
    expect(bankIdAppLink(simulator, COMPUTER)).toBe(simulator);
    expect(bankIdAppLink(simulator, IN_APP)).toBe(simulator);
  });
});
