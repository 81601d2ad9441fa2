import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  devices,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import QRCode from 'qrcode';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, E2E_BASE_URL } from '../playwright.config.js';
import { callStaff, signInAs, STAFF, staffTokenOf } from './admin-helpers.js';
import { uniqueEmail } from './visitor-helpers.js';

/** The QR of a ticket as its e-mail carries it: the scan URL (of the main e2e server unless told). */
export const scanUrlOf = (code: string, baseURL = E2E_BASE_URL) => `${baseURL}/admin/scan/${code}`;

/** The QR's modules (true: dark), with the quiet zone the standard asks for. */
export function qrModules(text: string): boolean[][] {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  return Array.from({ length: n + 2 * quiet }, (_, y) =>
    Array.from({ length: n + 2 * quiet }, (_, x) => {
      const mx = x - quiet;
      const my = y - quiet;
      return mx >= 0 && my >= 0 && mx < n && my < n && qr.modules.get(my, mx) === 1;
    }),
  );
}

/**
 * A Y4M video (YUV 4:2:0, what Chromium's fake camera plays in a loop) of `text` as a QR code:
 * `qrSeconds` with the code in view, then `blankSeconds` of a white wall (the code taken away).
 */
export async function qrVideo(
  text: string,
  options: { size?: number; fps?: number; qrSeconds?: number; blankSeconds?: number } = {},
): Promise<string> {
  const { size = 480, fps = 5, qrSeconds = 2, blankSeconds = 2 } = options;
  const modules = qrModules(text);
  const scale = Math.floor((size * 0.8) / modules.length);
  const offset = Math.floor((size - scale * modules.length) / 2);
  const lumaQr = Buffer.alloc(size * size, 235);
  for (let y = 0; y < modules.length; y++)
    for (let x = 0; x < modules.length; x++)
      if (modules[y]![x])
        for (let dy = 0; dy < scale; dy++)
          lumaQr.fill(
            16,
            (offset + y * scale + dy) * size + offset + x * scale,
            (offset + y * scale + dy) * size + offset + (x + 1) * scale,
          );
  const lumaBlank = Buffer.alloc(size * size, 235);
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = (luma: Buffer) => Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const frames = [
    ...Array.from({ length: qrSeconds * fps }, () => frame(lumaQr)),
    ...Array.from({ length: blankSeconds * fps }, () => frame(lumaBlank)),
  ];
  const file = path.join(
    tmpdir(),
    `door-qr-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.y4m`,
  );
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${size} H${size} F${fps}:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
  return file;
}

/** A Chromium whose camera shows `y4m` (fake device, no permission prompt). */
export async function browserWithCamera(y4m: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
    ],
  });
}

/** A phone-sized context on the (main unless told) e2e server, with the camera allowed. */
export function doorContext(browser: Browser, baseURL = E2E_BASE_URL): Promise<BrowserContext> {
  return browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    locale: 'sv-SE',
    ignoreHTTPSErrors: true,
    permissions: ['camera'],
  });
}

export interface Attendee {
  firstName: string;
  lastName: string;
  email: string;
  code: string;
}

/** The office adds attendees by hand (confirmed tickets with door codes), from a page it signs in on. */
export async function addAttendees(
  page: Page,
  request: APIRequestContext,
  signInButton: string,
  names: readonly [string, string][],
): Promise<Attendee[]> {
  await page.goto('/admin/login');
  await signInAs(page, STAFF.office, signInButton);
  const authorization = await staffTokenOf(page, () => page.reload());
  const added: Attendee[] = [];
  for (const [firstName, lastName] of names) {
    const email = uniqueEmail(firstName.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
    const res = await callStaff(request, authorization, 'addManualAttendee', { firstName, lastName, email });
    if (res.status !== 200) throw new Error(`addManualAttendee ${res.status}`);
    added.push({ firstName, lastName, email, code: res.body.result.externalTicketId as string });
  }
  return added;
}

/** A name unique to this run, so searches find only this test's attendees. */
export const uniqueName = (base: string) =>
  `${base}${Math.random()
    .toString(36)
    .slice(2, 7)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;
