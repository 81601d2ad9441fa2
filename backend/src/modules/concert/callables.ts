import { defineCallables } from '../../callables.js';
import type { ConcertService } from './service.js';

/** The office sets the concert (CONTRACT.md §2 "The concert"). */
export function concertCallables(concerts: ConcertService) {
  return defineCallables({
    getConcert: async () => concerts.getConcert(),
    listConcerts: async () => concerts.listConcerts(),
    saveConcert: async (payload, call) => concerts.saveConcert(call.staff!, payload),
    copyConcert: async (payload, call) => concerts.copyConcert(call.staff!, payload),
    publishConcert: async (payload, call) => concerts.publishConcert(call.staff!, payload),
    checkConcertTexts: async (payload) => concerts.checkConcertTexts(payload),
  });
}
