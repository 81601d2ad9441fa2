import { expect, test } from './fixtures.js';
import { SIGN_IN_TIMEOUT_MS } from './admin-helpers.js';
import { addAttendees, qrModules, scanUrlOf, uniqueName } from './door-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: 4 * SIGN_IN_TIMEOUT_MS });

/**
 * The note's figure: time from a ticket QR appearing in front of the camera to the answer on
 * the door page, on a mid-range phone profile (Chromium with 4× CPU slowdown). The camera is a
 * canvas the test draws on, so the moment the QR appears is known to the millisecond (the fake
 * camera of door-camera.spec.ts plays a file whose timing the page cannot see).
 */
test('measure: QR in front of the camera → answer, with 4× CPU slowdown', async ({
  page,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const rounds = 5;
  const guests = await addAttendees(
    page,
    request,
    sv('admin.login.signIn'),
    Array.from({ length: rounds }, () => [uniqueName('Mätning'), 'Tidsson'] as [string, string]),
  );
  await page.addInitScript(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 480;
    const g = canvas.getContext('2d')!;
    let current: boolean[][] | null = null;
    const draw = (modules: boolean[][] | null) => {
      current = modules;
      g.fillStyle = '#fff';
      g.fillRect(0, 0, 480, 480);
      if (!modules) return;
      const scale = Math.floor(400 / modules.length);
      const offset = Math.floor((480 - scale * modules.length) / 2);
      g.fillStyle = '#000';
      modules.forEach((row, y) =>
        row.forEach((dark, x) => dark && g.fillRect(offset + x * scale, offset + y * scale, scale, scale)),
      );
    };
    draw(null);
    // Keep frames coming (a canvas stream sends a frame when the canvas is drawn on).
    setInterval(() => draw(current), 50);
    (window as unknown as { showQr: (m: boolean[][] | null) => number }).showQr = (m) => {
      draw(m);
      return performance.now();
    };
    navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(20);
  });
  await page.goto('/admin/door');
  await expect(
    page.getByText(sv('admin.door.list.ready', { count: '\u0000' }).split('\u0000')[0]!),
  ).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  const measure = async (rate: number, list: typeof guests) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const times: number[] = [];
    for (const guest of list) {
      await page.evaluate(() => (window as unknown as { showQr: (m: null) => number }).showQr(null));
      await page.waitForTimeout(1600);
      const shownAt = await page.evaluate(
        (m) => (window as unknown as { showQr: (m: boolean[][]) => number }).showQr(m),
        qrModules(scanUrlOf(guest.code)),
      );
      await expect(page.getByTestId('door-result')).toContainText(`${guest.firstName} ${guest.lastName}`, {
        timeout: 15_000,
      });
      const answeredAt = await page.evaluate(
        () => performance.getEntriesByName('door:result').at(-1)!.startTime,
      );
      times.push(Math.round(answeredAt - shownAt));
    }
    return times;
  };

  await page.getByRole('button', { name: sv('admin.door.camera.start') }).click();
  await expect(page.getByRole('button', { name: sv('admin.door.camera.stop') })).toBeVisible();
  // The first scan loads the WebAssembly: measured apart.
  const slowed = await measure(4, guests);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const summary = `door: QR in front of the camera → answer, 4× CPU slowdown: ${slowed.join(', ')} ms (median ${median(slowed)} ms)`;
  console.log(summary);
  test.info().annotations.push({ type: 'measure', description: summary });
  // A door must be ready for the next person within about a second.
  expect(median(slowed)).toBeLessThan(1500);
});
