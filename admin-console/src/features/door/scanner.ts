/**
 * Continuous QR scanning from the phone's camera: the browser's BarcodeDetector where it reads
 * QR codes, else the barcode-detector polyfill (ZXing compiled to WebAssembly), whose .wasm is
 * part of this app's build and served from our own origin (never a CDN).
 */
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** How often a frame is read while nothing is being handled (ms). */
const FRAME_INTERVAL_MS = 120;
/** The same code again counts only after it has been out of view this long. */
const SAME_CODE_GONE_MS = 1500;

let detector: Promise<Detector> | undefined;

/** The detector (made once per page): native if it reads QR, else the WebAssembly one. */
export function qrDetector(): Promise<Detector> {
  detector ??= (async () => {
    const Native = (
      globalThis as {
        BarcodeDetector?: {
          new (o: { formats: string[] }): Detector;
          getSupportedFormats(): Promise<string[]>;
        };
      }
    ).BarcodeDetector;
    if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes('qr_code'))
      return new Native({ formats: ['qr_code'] });
    const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? new URL(zxingReaderWasm, document.baseURI).href : prefix + path,
      },
      fireImmediately: true,
    });
    return new BarcodeDetector({ formats: ['qr_code'] });
  })().catch((err: unknown) => {
    detector = undefined;
    throw err;
  });
  return detector;
}

/** The .wasm's address, for the offline cache. */
export const scannerAssets = (): string[] => [new URL(zxingReaderWasm, document.baseURI).href];

export interface Scanner {
  stop(): void;
}

/**
 * Starts the back camera in `video` and calls `onCode` for each new code in view; while
 * `onCode` runs (the check-in), no frame is read. Rejects when there is no camera or no permission.
 */
export async function startScanner(
  video: HTMLVideoElement,
  onCode: (text: string) => Promise<void>,
  onDetected?: () => void,
): Promise<Scanner> {
  const [stream, reader] = await Promise.all([
    navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    }),
    qrDetector(),
  ]);
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  // Not awaited: a camera that is slow to deliver its first frame must not hold the page up (frames are read once it does).
  void video.play().catch(() => undefined);
  let stopped = false;
  let lastCode = '';
  let lastSeen = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = async () => {
    if (stopped) return;
    try {
      if (video.readyState >= 2) {
        const [found] = await reader.detect(video);
        const now = performance.now();
        if (found?.rawValue) {
          const again = found.rawValue === lastCode && now - lastSeen < SAME_CODE_GONE_MS;
          lastSeen = now;
          if (!again) {
            lastCode = found.rawValue;
            onDetected?.();
            await onCode(found.rawValue);
            lastSeen = performance.now();
          }
        }
      }
    } catch {
      // a frame that could not be read: the next one
    }
    if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
  };
  void tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
