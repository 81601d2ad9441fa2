import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Where the log goes: lines are kept in memory and written together once `minLength` bytes wait
 * (a rush writes one access-log line per request, and writing each one alone was a tenth of the
 * server's CPU), and at least every `flushEveryMs` so a quiet server's lines are not held back.
 * Whatever waits is written before the process exits (`process.exit` included: the fatal path
 * and the graceful stop both end there), so no line is lost on the way out.
 */
export function bufferedLogDestination({
  dest = 1,
  minLength = 8 * 1024,
  flushEveryMs = 250,
}: { dest?: number | string; minLength?: number; flushEveryMs?: number } = {}) {
  const destination = pino.destination({ dest, sync: true, minLength, periodicFlush: flushEveryMs });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // the file or pipe is gone: nothing left to write to
    }
  });
  return destination;
}

/** Structured logs. Request bodies and query strings are never logged; these paths are censored as a second guard. */
export function createLogger(
  level: string,
  destination: DestinationStream = bufferedLogDestination(),
): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          '*.personalNumber',
          '*.email',
          '*.firstName',
          '*.lastName',
          '*.name',
          '*.address',
          '*.accountNumber',
          '*.clearingNumber',
          '*.phone',
          'req.headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
