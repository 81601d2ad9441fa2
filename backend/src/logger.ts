import { openSync, writeSync } from 'node:fs';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Where the log goes: lines are kept in memory and written together once `minLength` bytes wait
 * (a rush writes one access-log line per request, and writing each one alone was a tenth of the
 * server's CPU), and at least every `flushEveryMs` so a quiet server's lines are not held back.
 * Whatever waits is written before the process exits (`process.exit` included: the fatal path
 * and the graceful stop both end there), so no line is lost on the way out. (pino's own buffered
 * destination measures its whole buffer again for every line: more than it saves.)
 */
export function bufferedLogDestination({
  dest = 1,
  minLength = 16 * 1024,
  flushEveryMs = 250,
}: { dest?: number | string; minLength?: number; flushEveryMs?: number } = {}) {
  const fd = typeof dest === 'number' ? dest : openSync(dest, 'a');
  let lines: string[] = [];
  let waiting = 0;
  const flushSync = () => {
    if (lines.length === 0) return;
    const bytes = Buffer.from(lines.join(''));
    lines = [];
    waiting = 0;
    writeWhole(fd, bytes);
  };
  const timer = setInterval(flushSync, flushEveryMs);
  timer.unref();
  process.once('exit', flushSync);
  return {
    write(line: string) {
      lines.push(line);
      waiting += line.length;
      if (waiting >= minLength) flushSync();
    },
    flushSync,
    /** Writes what waits and stops writing by itself (tests). */
    end() {
      flushSync();
      clearInterval(timer);
      process.off('exit', flushSync);
    },
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));
/** All of `bytes`, waiting a millisecond whenever a full pipe says EAGAIN; a closed one takes nothing more. */
function writeWhole(fd: number, bytes: Buffer): void {
  let rest = bytes;
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (err) {
      if ((err as { code?: string }).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
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
