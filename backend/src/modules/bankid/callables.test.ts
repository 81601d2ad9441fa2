import { describe, expect, it, vi } from 'vitest';
import type { AutogiroConfig } from '../../config.js';
import type { MembershipService } from '../membership/service.js';
import { bankIdCallables } from './callables.js';
import type { BankIdService } from './service.js';

// Issue 39 §8: BankID's endUserIp is the visitor's real address, never a made-up 127.0.0.1.
describe('starting a BankID order', () => {
  const startAuth = vi.fn(async () => ({ url: 'u', transactionId: 't', qrData: 'q' }));
  const callables = bankIdCallables({
    bankId: { startAuth } as unknown as BankIdService,
    membership: {} as MembershipService,
    autogiro: {} as AutogiroConfig,
    returnAddress: async () => 'https://konsert.example/sv/memberCheck?resume=x',
  });
  const start = (ip: string) =>
    callables.startBankIDAuth!({ personalNumber: '199001012344' } as never, { callerId: 'u1', ip });

  it('sends the caller’s address as endUserIp', async () => {
    await start('2001:db8::7');
    expect(startAuth).toHaveBeenLastCalledWith('u1', '199001012344', '2001:db8::7', undefined);
  });

  it('refuses without a real address instead of inventing one', async () => {
    startAuth.mockClear();
    for (const ip of ['', 'unknown']) await expect(start(ip)).rejects.toMatchObject({ errorId: 'internal' });
    expect(startAuth).not.toHaveBeenCalled();
  });
});
