import { describe, expect, it } from 'vitest';
import { createConcertStatusReader } from './status.js';

const settings = {
  capacity: 2,
  salesOpenAt: 1000,
  salesCloseAt: 5000,
  endsAt: 9000,
  memberQueue: false,
  holdMs: 15 * 60_000,
};

describe('concert status reader', () => {
  it('peek answers without waiting only while no count is due', async () => {
    let clock = 2000;
    let counts = 0;
    const reader = createConcertStatusReader(settings, async () => (counts++, { taken: 2, promised: 1 }), {
      maxAgeMs: 1000,
      now: () => clock,
    });
    expect(reader.peek()).toBeUndefined(); // nothing counted yet
    // one of the two taken is a place nobody identified: still left for whoever identifies
    expect(await reader.read()).toEqual({
      concertStatus: 'Queue',
      memberQueue: false,
      ticketsLeft: 1,
      holdMinutes: 15,
    });
    expect(reader.peek()).toEqual({
      concertStatus: 'Queue',
      memberQueue: false,
      ticketsLeft: 1,
      holdMinutes: 15,
    });
    reader.adjust(-1);
    expect(reader.peek()).toMatchObject({ concertStatus: 'Open', ticketsLeft: 1 });
    clock += 1000;
    expect(reader.peek()).toBeUndefined(); // the count is due again
    expect(counts).toBe(1);
  });

  it('peek needs no count before and after the sale', () => {
    let clock = 0;
    const reader = createConcertStatusReader(settings, () => Promise.reject(new Error('not counted')), {
      now: () => clock,
    });
    expect(reader.peek()?.concertStatus).toBe('Closed');
    clock = 6000;
    expect(reader.peek()?.concertStatus).toBe('Done');
  });
});
