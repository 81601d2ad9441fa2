import {
  AMENDMENT_ANSWERS_PATH,
  MANDATE_ADVICE_PATH,
  PAYMENT_REJECTIONS_PATH,
  PAYMENT_RESULTS_PATH,
} from './stand-in.js';

/**
 * What the Bankgirot stand-in does for the product (demo only): answers a mandate file with an
 * AG-MEDAVI file, a payment file with its payment results and its rejected instructions, and an
 * amendment file with its cancellations/changes answer.
 */
export interface BankgirotStandInClient {
  mandateAdvice(mandateFile: Uint8Array): Promise<Buffer>;
  paymentResults(paymentFile: Uint8Array): Promise<Buffer>;
  paymentRejections(paymentFile: Uint8Array): Promise<Buffer>;
  amendmentAnswers(amendmentFile: Uint8Array): Promise<Buffer>;
}

/** Over HTTP, like every simulator: the stand-in is a server of its own, here mounted on ours. */
export function createBankgirotStandInClient({
  baseUrl,
  timeoutMs = 10_000,
}: {
  baseUrl: string;
  timeoutMs?: number;
}): BankgirotStandInClient {
  async function post(path: string, file: Uint8Array): Promise<Buffer> {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.from(file),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the Bankgirot stand-in answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
  return {
    mandateAdvice: (file) => post(MANDATE_ADVICE_PATH, file),
    paymentResults: (file) => post(PAYMENT_RESULTS_PATH, file),
    paymentRejections: (file) => post(PAYMENT_REJECTIONS_PATH, file),
    amendmentAnswers: (file) => post(AMENDMENT_ANSWERS_PATH, file),
  };
}
