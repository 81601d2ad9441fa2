import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import proxyaddr from 'proxy-addr';
import type { TrustedProxies } from '../config.js';

/**
 * The client's address as the outermost trusted proxy saw it. X-Forwarded-For is read from
 * the right: a hop counts only if the one who added it is trusted (TRUSTED_PROXIES: a hop
 * count or a list of addresses/CIDRs), so a client cannot choose its address with a header.
 * With no trusted proxies the header is ignored and the socket's address is the client's.
 */
export function clientAddressOf(trusted: TrustedProxies): (req: IncomingMessage) => string {
  const trust: (address: string, hop: number) => boolean = !trusted
    ? () => false
    : 'hops' in trusted
      ? (_address, hop) => hop < trusted.hops
      : proxyaddr.compile(trusted.addresses);
  return (req) => withoutIpv4Mapping(proxyaddr(req, trust));
}

/** Every later `ctx.ip` (rate limits, BankID's endUserIp) is the trusted client address. */
export function clientAddress(trusted: TrustedProxies): Koa.Middleware {
  const addressOf = clientAddressOf(trusted);
  return async (ctx, next) => {
    ctx.request.ip = addressOf(ctx.req);
    await next();
  };
}

/** `::ffff:203.0.113.7` is the IPv4 client 203.0.113.7 (a dual-stack socket's view of it). */
function withoutIpv4Mapping(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
