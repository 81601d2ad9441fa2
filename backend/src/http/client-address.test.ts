import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address.js';

const request = (socket: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: socket },
    connection: { remoteAddress: socket },
  }) as unknown as IncomingMessage;

describe('the client address', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const of = clientAddressOf(undefined);
    expect(of(request('198.51.100.7', '6.6.6.6'))).toBe('198.51.100.7');
    expect(of(request('::ffff:198.51.100.7'))).toBe('198.51.100.7');
  });

  it('with a hop count: the address the outermost trusted hop saw, never a client-written one', () => {
    const of = clientAddressOf({ hops: 1 });
    // the client wrote 6.6.6.6 itself; the proxy appended the address it saw
    expect(of(request('10.0.0.2', '6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(of(request('10.0.0.2'))).toBe('10.0.0.2');
    expect(clientAddressOf({ hops: 2 })(request('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1'))).toBe(
      '203.0.113.9',
    );
  });

  it('with a CIDR list: hops are followed only through trusted proxies', () => {
    const of = clientAddressOf({ addresses: ['10.0.0.0/8'] });
    expect(of(request('10.0.0.2', '6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(of(request('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.1.2.3'))).toBe('203.0.113.9');
    // a client talking to us directly cannot pretend to be behind the proxy
    expect(of(request('198.51.100.7', '10.0.0.5, 203.0.113.9'))).toBe('198.51.100.7');
  });
});
