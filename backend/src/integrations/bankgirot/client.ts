import { MANDATE_ADVICE_PATH } from './stand-in.js';

/** What the Bankgirot stand-in does for the product: answers a mandate file with an AG-MEDAVI file (demo only). */
export interface BankgirotStandInClient {
  mandateAdvice(mandateFile: Uint8Array): Promise<Buffer>;
}

/** Over HTTP, like every simulator: the stand-in is a server of its own, here mounted on ours. */
export function createBankgirotStandInClient({
  baseUrl,
  timeoutMs = 10_000,
}: {
  baseUrl: string;
  timeoutMs?: number;
}): BankgirotStandInClient {
  return {
    async mandateAdvice(mandateFile) {
      const res = await fetch(`${baseUrl.replace(/\/+$/, '')}${MANDATE_ADVICE_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: Buffer.from(mandateFile),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`the Bankgirot stand-in answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
