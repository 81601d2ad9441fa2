import type { RequestListener } from 'node:http';
import type { ConcertStatusAnswer } from '@concert/shared/api';
import { CONCERT_STATUS_CACHE_CONTROL, type ConcertStatusReader } from '../modules/concert/status.js';
import { flatHeaders, preparedBody, sendPrepared, type PreparedBody } from './public-reads.js';
import { requestIdOf } from './request-log.js';
import type { HeaderList } from './security-headers.js';

/**
 * GET /api/getConcertStatus answered before Koa: every visitor polls it, it is the same for
 * everyone and carries nothing personal. Koa's per-request work cost about as much as node:http
 * itself (75 vs 40 µs of server CPU per call under the rush). The answer's bytes and ETag are made
 * once per change of the answer (the count, the status, the concert's facts), not per request;
 * a poll whose copy is still current gets a 304. While the count is due, the request waits for
 * it as the route would; if reading fails, http/routes/concert.ts answers (its error envelope).
 */
export function statusFastPath(
  status: Pick<ConcertStatusReader, 'peek' | 'read'>,
  securityHeaders: HeaderList,
  next: RequestListener,
): RequestListener {
  const headers = flatHeaders([
    ...securityHeaders,
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Cache-Control', CONCERT_STATUS_CACHE_CONTROL],
  ]);
  let last: { answer: ConcertStatusAnswer; body: PreparedBody } | undefined;
  const prepared = (answer: ConcertStatusAnswer): PreparedBody => {
    if (!last || !sameAnswer(last.answer, answer))
      last = { answer, body: preparedBody(JSON.stringify(answer)) };
    return last.body;
  };
  return (req, res) => {
    if (req.method !== 'GET' || req.url !== '/api/getConcertStatus') return next(req, res);
    const answer = status.peek();
    (answer ? Promise.resolve(answer) : status.read())
      .then(
        (a) => sendPrepared(req, res, prepared(a), headers, requestIdOf(req)),
        () => next(req, res),
      )
      .catch(() => res.destroy());
  };
}

/** The same answer: every field the very same value (the concert's facts are one object per version of the concert). */
function sameAnswer(a: ConcertStatusAnswer, b: ConcertStatusAnswer): boolean {
  const keys = Object.keys(a) as (keyof ConcertStatusAnswer)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
