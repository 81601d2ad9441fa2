import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { animatedQrData, sameDeviceUrl } from './qr.js';

const TOKEN = '67df3917-fa0d-44e5-b327-edcc928297f8';
const SECRET = 'd28db9a7-4cde-429e-a983-359be676944c';

describe('animatedQrData', () => {
  it('is bankid.<qrStartToken>.<seconds>.<hex HMAC-SHA256 of the seconds keyed by qrStartSecret>', () => {
    for (const seconds of [0, 1, 7, 29, 180]) {
      const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8'))
        .update(Buffer.from(String(seconds), 'utf8'))
        .digest('hex');
      expect(animatedQrData(TOKEN, SECRET, seconds)).toBe(`bankid.${TOKEN}.${seconds}.${expected}`);
    }
  });

  it('matches the published example for seconds 0 and 1', () => {
    expect(animatedQrData(TOKEN, SECRET, 0)).toBe(
      `bankid.${TOKEN}.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8`,
    );
    expect(animatedQrData(TOKEN, SECRET, 1)).toBe(
      `bankid.${TOKEN}.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2`,
    );
  });

  it('counts whole seconds and never below zero', () => {
    expect(animatedQrData(TOKEN, SECRET, 1.9)).toBe(animatedQrData(TOKEN, SECRET, 1));
    expect(animatedQrData(TOKEN, SECRET, -3)).toBe(animatedQrData(TOKEN, SECRET, 0));
  });
});

describe('sameDeviceUrl', () => {
  it('adds the autostart token and redirect=null', () => {
    expect(sameDeviceUrl('https://app.bankid.com/', 'abc-123')).toBe(
      'https://app.bankid.com/?autostarttoken=abc-123&redirect=null',
    );
    expect(sameDeviceUrl('http://localhost:8080/sim/bankid/app', 'abc')).toBe(
      'http://localhost:8080/sim/bankid/app?autostarttoken=abc&redirect=null',
    );
  });

  it("carries no redirect when the order has a returnUrl (BankID's RP API v6 uses the order's)", () => {
    const link = sameDeviceUrl('https://app.bankid.com/', 'abc', 'https://x.example/sv/memberCheck?resume=r');
    expect(link).toBe('https://app.bankid.com/?autostarttoken=abc');
  });
});
