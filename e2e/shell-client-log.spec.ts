import type { Request } from '@playwright/test';
import { expect, test } from './fixtures.js';

const isClientLog = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/clientLog';

test.describe('global error handlers', () => {
  test('an uncaught error is posted to /api/clientLog with the path only and a small state snapshot', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/?ref=199001012344');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('start.title'));
    // The heading is painted from HTML at once; the handlers exist once the app has taken over.
    await expect(page.getByRole('button', { name: sv('start.button.buy') })).toBeEnabled();
    const posted = page.waitForRequest(isClientLog);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('e2e uncaught error');
      });
    });
    const request = await posted;
    const body = request.postDataJSON();
    expect(body).toMatchObject({
      level: 'error',
      message: expect.stringContaining('e2e uncaught error'),
      url: '/sv/',
      userAgent: expect.any(String),
      error: { name: 'TypeError', message: 'e2e uncaught error', stack: expect.any(String) },
      globalState: { lang: 'sv', hasTicket: false, timeIsUp: false, concertStatus: 'Open' },
    });
    expect(body.error.stack.length).toBeLessThanOrEqual(2000);
    expect(JSON.stringify(body)).not.toContain('199001012344');
    expect((await request.response())?.status()).toBe(204);
  });

  test('unhandled rejections are posted too: each message once, at most 10 per page load', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    const messages: string[] = [];
    page.on('request', (r) => {
      if (isClientLog(r)) messages.push(r.postDataJSON().message);
    });
    await page.goto('/sv/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('start.title'));
    // The heading is painted from HTML at once; the handlers exist once the app has taken over.
    await expect(page.getByRole('button', { name: sv('start.button.buy') })).toBeEnabled();
    await page.evaluate(() => {
      for (let i = 0; i < 3; i++) void Promise.reject(new Error('the same rejection'));
    });
    await expect.poll(() => messages).toEqual(['the same rejection']);
    await page.evaluate(() => {
      for (let i = 0; i < 15; i++) void Promise.reject(new Error(`rejection ${i}`));
    });
    await expect.poll(() => messages.length).toBe(10);
    await page.waitForTimeout(500);
    expect(messages).toHaveLength(10);
    expect(messages.filter((m) => m === 'the same rejection')).toHaveLength(1);
  });
});
