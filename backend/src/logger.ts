import pino, { type Logger } from 'pino';

/** Structured logs. Request bodies and query strings are never logged; these paths are censored as a second guard. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
