import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared: Promise<void> | undefined;

/** What a QR code picture (PNG bytes) encodes, read as the door's camera reads it (zxing, as the admin console's scanner). */
export async function decodeQr(png: Uint8Array): Promise<string | undefined> {
  prepared ??= (async () => {
    const wasm = await readFile(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    );
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  await prepared;
  const [found] = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return found?.text;
}
