import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { callStaff, SIGN_IN_TIMEOUT_MS, signInAs, STAFF, staffTokenOf } from './admin-helpers.js';
import {
  addAttendees,
  browserWithCamera,
  doorContext,
  qrVideo,
  scanUrlOf,
  uniqueName,
  type Attendee,
} from './door-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: 4 * SIGN_IN_TIMEOUT_MS });

type T = (key: string, vars?: Record<string, string>) => string;

/** A door phone signed in and ready: the list on the device and the page kept for offline use. */
async function openDoor(context: BrowserContext, sv: T): Promise<Page> {
  const door = await context.newPage();
  await door.goto('/admin/door');
  await signInAs(door, STAFF.door, sv('admin.login.signIn'));
  await expect(door).toHaveURL(/\/admin\/door$/);
  await expect(door.getByText(sv('admin.door.offlineReady'))).toBeVisible({ timeout: 20_000 });
  await expect(
    door.getByText(sv('admin.door.list.ready', { count: '\u0000' }).split('\u0000')[0]!),
  ).toBeVisible();
  return door;
}

async function checkInBySearch(door: Page, sv: T, guest: Attendee) {
  const search = door.getByLabel(sv('admin.door.search.label'));
  await search.fill(`${guest.firstName} ${guest.lastName.slice(0, 3)}`);
  await door
    .getByRole('button', {
      name: sv('admin.door.search.checkIn', { name: `${guest.firstName} ${guest.lastName}` }),
    })
    .click();
  const result = door.getByTestId('door-result');
  await expect(result).toContainText(sv('admin.scan.success', { firstName: guest.firstName }));
  await expect(result).toContainText(sv('admin.door.result.queued'));
  await search.fill('');
}

const pendingText = (sv: T, n: number) => sv('admin.door.status.pending', { count: String(n) });

test('offline: two check-ins by search and one by scan are kept on the phone and reach the server; one ticket on two offline phones counts once and shows a conflict', async ({
  page,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const [a, b, c, d] = await addAttendees(page, request, sv('admin.login.signIn'), [
    [uniqueName('Anna'), 'Nätlös'],
    [uniqueName('Bertil'), 'Nätlös'],
    [uniqueName('Cecilia'), 'Kamerasson'],
    [uniqueName('David'), 'Dubbelsson'],
  ]);
  const office = await staffTokenOf(page, () => page.reload());
  const statusBefore = (await callStaff(request, office, 'doorStatus', {})).body.result as {
    checkedIn: number;
  };

  const browser = await browserWithCamera(await qrVideo(scanUrlOf(c!.code), { blankSeconds: 1 }));
  try {
    const phone1 = await doorContext(browser);
    const phone2 = await doorContext(browser);
    const door1 = await openDoor(phone1, sv);
    const door2 = await openDoor(phone2, sv);

    await phone1.setOffline(true);
    await phone2.setOffline(true);
    // The page itself opens without network (service worker), with the list still on the phone.
    await door1.reload();
    await expect(door1.getByRole('heading', { level: 1 })).toHaveText(sv('admin.door.title'));
    await expect(door1.getByText(sv('admin.door.status.offline'))).toBeVisible();
    await expect(
      door1.getByText(sv('admin.door.list.ready', { count: '\u0000' }).split('\u0000')[0]!),
    ).toBeVisible();

    await checkInBySearch(door1, sv, a!);
    await checkInBySearch(door1, sv, b!);
    await expect(door1.getByText(pendingText(sv, 2))).toBeVisible();
    // The camera works offline too: C's ticket QR.
    await door1.getByRole('button', { name: sv('admin.door.camera.start') }).click();
    const result1 = door1.getByTestId('door-result');
    await expect(result1).toContainText(`${c!.firstName} ${c!.lastName}`, { timeout: 15_000 });
    await expect(result1).toContainText(sv('admin.door.result.queued'));
    await door1.getByRole('button', { name: sv('admin.door.camera.stop') }).click();
    await expect(door1.getByText(pendingText(sv, 3))).toBeVisible();
    // Searching again shows them as in (on this phone).
    await door1.getByLabel(sv('admin.door.search.label')).fill(a!.firstName);
    await expect(door1.locator('.door-search-in')).toContainText(
      sv('admin.door.search.checkedIn', { time: '\u0000' }).split('\u0000')[0]!,
    );
    await door1.getByLabel(sv('admin.door.search.label')).fill('');

    // D comes in twice: once at each phone, both offline.
    await checkInBySearch(door1, sv, d!);
    await checkInBySearch(door2, sv, d!);
    await expect(door1.getByText(pendingText(sv, 4))).toBeVisible();
    await expect(door2.getByText(pendingText(sv, 1))).toBeVisible();

    // Back online: phone 1 sends its four, then phone 2 its one, which the server reports as a conflict.
    await phone1.setOffline(false);
    await expect(door1.getByText(sv('admin.door.status.online'), { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(door1.locator('.door-banner-state')).not.toContainText(pendingText(sv, 4), {
      timeout: 15_000,
    });
    await expect(door1.locator('.door-banner-state')).toHaveText(sv('admin.door.status.online'));
    await phone2.setOffline(false);
    const conflicts = door2.getByRole('region', { name: sv('admin.door.conflicts.title') });
    await expect(conflicts).toContainText(`${d!.firstName} ${d!.lastName}`, { timeout: 15_000 });
    const phone1Name = (await door1.locator('.door-device summary').textContent())!.split(': ').pop()!;
    await expect(conflicts).toContainText(phone1Name);
    await expect(door2.locator('.door-banner-state')).toHaveText(sv('admin.door.status.online'));

    // The server has all four, D once, the times those of the door.
    for (const guest of [a!, b!, c!, d!]) {
      const answer = await callStaff(request, office, 'scanTicket', { externalTicketId: guest.code });
      expect(answer.body.result.outcome, guest.firstName).toBe('ALREADY_SCANNED');
    }
    // The count is the whole concert's (a ticket counts once however often it came in): other
    // tests check people in meanwhile (door-measure: five), so it grew by these four at least.
    const statusAfter = (await callStaff(request, office, 'doorStatus', {})).body.result as {
      checkedIn: number;
    };
    expect(statusAfter.checkedIn - statusBefore.checkedIn).toBeGreaterThanOrEqual(4);
    // Both phones' live counts agree with the server within a few seconds.
    for (const door of [door1, door2]) {
      await expect
        .poll(
          async () => {
            const now = (await callStaff(request, office, 'doorStatus', {})).body.result as {
              checkedIn: number;
              confirmed: number;
            };
            const shown = (await door.getByTestId('door-count').textContent())?.trim();
            return (
              shown ===
              sv('admin.door.count', { checkedIn: String(now.checkedIn), confirmed: String(now.confirmed) })
            );
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    }
    await phone1.close();
    await phone2.close();
  } finally {
    await browser.close();
  }
});
