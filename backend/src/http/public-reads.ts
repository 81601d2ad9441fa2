/**
 * The public reads (the start pages, the concert status) answered from bytes prepared once per
 * change of what they say, before Koa: every visitor asks for them, they are the same for
 * everyone and carry nothing personal. Each answer has an ETag (a client or cache that holds
 * the same bytes gets a 304) and a Cache-Control that lets a CDN, or the reference nginx
 * (deploy/nginx.conf), keep it a second and take the rush's repeats off the backend.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { HeaderList } from './security-headers.js';

export type Encoding = 'br' | 'gzip' | 'identity';

const compressors = {
  br: (bytes: Buffer) =>
    promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (bytes: Buffer) => promisify(gzip)(bytes),
};

/** Bytes made once, their compressed copies made on first demand (once each), an ETag per encoding. */
export interface PreparedBody {
  text: string;
  /** The ETag of the bytes in `encoding` (the compressed copies are other bytes: other tags). */
  etag(encoding: Encoding): string;
  bytes(encoding: Encoding): Promise<Buffer>;
}

export function preparedBody(text: string): PreparedBody {
  const identity = Buffer.from(text);
  let hash: string | undefined;
  const compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>> = {};
  return {
    text,
    etag(encoding) {
      hash ??= createHash('sha1').update(identity).digest('base64url').slice(0, 22);
      return `"${hash}${encoding === 'identity' ? '' : `-${encoding === 'br' ? 'br' : 'gz'}`}"`;
    },
    bytes(encoding) {
      if (encoding === 'identity') return Promise.resolve(identity);
      let copy = compressed[encoding];
      if (!copy) {
        copy = compressed[encoding] = compressors[encoding](identity);
        copy.catch(() => delete compressed[encoding]);
      }
      return copy;
    },
  };
}

/** br, else gzip, if the request accepts it (a `q=0` refuses), else the bytes as they are. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding {
  if (typeof header !== 'string' || header === '') return 'identity';
  let gzipOk = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (coding === 'br') return 'br';
    gzipOk = true;
  }
  return gzipOk ? 'gzip' : 'identity';
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2: a `W/` prefix does not matter). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/** A header list as `writeHead` takes it in one go (name, value, name, value…). */
export const flatHeaders = (list: HeaderList): string[] => list.flatMap(([name, value]) => [name, value]);

/**
 * Sends prepared bytes with one `writeHead`: a 304 (no body) when the client's copy is these
 * very bytes, else 200 with them (HEAD: the headers only). `headers` are the answer's fixed
 * ones; the request's id, the ETag and the encoding are added here.
 */
export async function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  body: PreparedBody,
  headers: readonly string[],
  requestId: string | undefined,
  encoding: Encoding = 'identity',
): Promise<void> {
  const etag = body.etag(encoding);
  const common = [...headers, 'ETag', etag, ...(requestId ? ['X-Request-Id', requestId] : [])];
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.writeHead(304, common).end();
    return;
  }
  const bytes = await body.bytes(encoding);
  res.writeHead(200, [
    ...common,
    ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
    'Content-Length',
    String(bytes.length),
  ]);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
