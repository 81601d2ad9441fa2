import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../db/connect.js';
import { animatedQrData } from '../../integrations/bankid/qr.js';
import { createQrFrames, ORDER_LIFETIME_MS } from './qr-frames.js';

const ID = '3f2b8c1e-4d5a-4b6c-9d7e-0a1b2c3d4e5f';
const OTHER = '00000000-0000-4000-8000-000000000001';

/** A database that counts what it is asked and answers one row. */
function countingSql(row?: object) {
  const calls = vi.fn(async () => (row ? [row] : []));
  return { sql: calls as unknown as Queryable, calls };
}

describe('createQrFrames', () => {
  let clock = 1_000_000;
  const now = () => clock;

  it('an order started here: every frame from memory, no database at all', async () => {
    const { sql, calls } = countingSql();
    const frames = createQrFrames({ sql, qrData: animatedQrData, now });
    frames.remember(ID, { sessionUid: 's1', qrStartToken: 'tok', qrStartSecret: 'sec', createdAt: clock });
    clock += 2500;
    expect(await frames.frame('s1', ID)).toEqual({
      status: 'pending',
      qrData: animatedQrData('tok', 'sec', 2),
      nextInMs: 500,
    });
    expect(frames.peek('s1', ID)).toEqual(await frames.frame('s1', ID));
    expect(calls).not.toHaveBeenCalled();
  });

  it('an order another process started: its row read once, then memory', async () => {
    const { sql, calls } = countingSql({
      sessionUid: 's1',
      qrStartToken: 'tok',
      qrStartSecret: 'sec',
      createdAt: new Date(clock),
      status: 'pending',
    });
    const frames = createQrFrames({ sql, qrData: animatedQrData, now });
    expect(frames.peek('s1', ID)).toBeUndefined();
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      expect((await frames.frame('s1', ID)).status).toBe('pending');
    }
    expect(calls).toHaveBeenCalledTimes(1);
    // Another session asking for it is refused from memory too.
    await expect(frames.frame('s2', ID)).rejects.toMatchObject({ errorId: 'invalidState' });
    expect(frames.peek('s2', ID)).toBeUndefined();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('ended: once told, or past BankID’s order lifetime', async () => {
    const frames = createQrFrames({ sql: countingSql().sql, qrData: animatedQrData, now });
    frames.remember(ID, { sessionUid: 's1', qrStartToken: 't', qrStartSecret: 's', createdAt: clock });
    frames.remember(OTHER, { sessionUid: 's1', qrStartToken: 't', qrStartSecret: 's', createdAt: clock });
    frames.ended(ID);
    expect(frames.peek('s1', ID)).toEqual({ status: 'ended' });
    expect(frames.peek('s1', OTHER)?.status).toBe('pending');
    clock += ORDER_LIFETIME_MS;
    expect(frames.peek('s1', OTHER)).toEqual({ status: 'ended' });
  });

  it('a page showing the QR code: shown once, then each frame or poll is when it last asked; nothing once ended', async () => {
    const shown = vi.fn();
    const frames = createQrFrames({ sql: countingSql().sql, qrData: animatedQrData, now, onShown: shown });
    frames.remember(ID, { sessionUid: 's1', qrStartToken: 't', qrStartSecret: 's', createdAt: clock });
    // Never shown as a QR code (the BankID app on this device): polls do not make it watched.
    frames.polled(ID);
    expect(frames.lastAsked(ID)).toBeUndefined();
    expect(shown).not.toHaveBeenCalled();
    const first = clock;
    frames.peek('s1', ID);
    clock += 1000;
    await frames.frame('s1', ID);
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith(ID);
    expect(frames.lastAsked(ID)).toEqual({ sessionUid: 's1', askedAt: first + 1000 });
    clock += 5000; // hidden: no frame, but the status poll
    frames.polled(ID);
    expect(frames.lastAsked(ID)?.askedAt).toBe(clock);
    frames.ended(ID);
    expect(frames.lastAsked(ID)).toBeUndefined();
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxOrders, dropping expired and then the oldest', () => {
    const frames = createQrFrames({ sql: countingSql().sql, qrData: animatedQrData, now, maxOrders: 3 });
    for (let i = 0; i < 5; i++)
      frames.remember(`id-${i}`, {
        sessionUid: 's',
        qrStartToken: 't',
        qrStartSecret: 's',
        createdAt: clock,
      });
    expect(frames.size()).toBe(3);
    expect(frames.knows('id-0')).toBe(false);
    expect(frames.knows('id-4')).toBe(true);
  });
});
