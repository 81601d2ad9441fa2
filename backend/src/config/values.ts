/** Values read out of the environment's strings, and the error that names a wrong one. */
import { isIP } from 'node:net';

export class ConfigError extends Error {}

export type TrustedProxies = { hops: number } | { addresses: string[] } | undefined;

export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  if (!value?.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return { hops: Number(value.trim()) };
  const addresses = commaList(value);
  const invalid = addresses.find((a) => !isAddressOrCidr(a));
  if (invalid)
    throw new ConfigError(
      `Invalid configuration: TRUSTED_PROXIES must be a hop count or addresses/CIDRs (not "${invalid}")`,
    );
  return { addresses };
}

function isAddressOrCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
