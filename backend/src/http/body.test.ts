import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readRequestJson } from './body.js';
import { isClientAbort } from './request-log.js';

const requestOf = (req: PassThrough) => Object.assign(req, { headers: {} }) as unknown as IncomingMessage;

describe('readRequestJson', () => {
  it('reads a JSON body', async () => {
    const req = new PassThrough();
    req.end('{"data":{"a":1}}');
    expect(await readRequestJson(requestOf(req))).toEqual({ data: { a: 1 } });
  });

  it('calls a request whose client went away before its body was read a client abort (400), not a server error', async () => {
    const req = new PassThrough();
    req.write('{"level":');
    req.destroy();
    const err = (await readRequestJson(requestOf(req)).catch((e: unknown) => e)) as {
      status?: number;
      expose?: boolean;
    };
    expect(err).toBeInstanceOf(Error);
    expect(isClientAbort(err)).toBe(true);
    expect(err.status).toBe(400);
    expect(err.expose).toBe(true);
  });
});
