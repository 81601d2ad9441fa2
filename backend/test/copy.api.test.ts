import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COPY } from '../src/modules/copy/default-copy.js';
import { seedMissingCopy } from '../src/modules/copy/queries.js';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /api/getCopy', () => {
  it('serves every seeded key of a language from the database, never cached', async () => {
    const res = await app.request('/api/getCopy?lang=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(DEFAULT_COPY).sort());
    expect(res.body['start.title']).toBe(DEFAULT_COPY['start.title'].en);
  });

  it('without lang lists {key, sv, en}', async () => {
    const res = await app.request('/api/getCopy');
    expect(res.body).toContainEqual({
      key: 'validation.incorrectPN',
      sv: 'Ogiltigt personnummer',
      en: DEFAULT_COPY['validation.incorrectPN'].en,
    });
  });

  it('shows a text changed in the database on the next request, and the seed does not overwrite it', async () => {
    await app.db.sql`UPDATE copy SET sv = 'Ändrad rubrik' WHERE key = 'start.title'`;
    expect((await app.request('/api/getCopy?lang=sv')).body['start.title']).toBe('Ändrad rubrik');
    expect(await seedMissingCopy(app.db.sql, DEFAULT_COPY)).toBe(0);
    expect((await app.request('/api/getCopy?lang=sv')).body['start.title']).toBe('Ändrad rubrik');
  });

  it('refuses an unknown language', async () => {
    const res = await app.request('/api/getCopy?lang=de');
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });
});

describe('GET /api/health', () => {
  it('is ok while the database answers', async () => {
    const res = await app.request('/api/health');
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });
});
