import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';

/** Drafts of the copy (issue 30 point 7): saved, previewed by copy admins, published or discarded; visitors never see them. */
const AUDIENCE = 'api://concert-staff-test';

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let editor: string;
let office: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
  });
  editor = await authority.tokenFor('editor@staff.example');
  office = await authority.tokenFor('office@org.example');
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const refusal = (res: { status: number; body: any }) => ({ status: res.status, error: res.body?.error });

async function published(key: string): Promise<{ key: string; sv: string; en: string; updatedAt: string }> {
  return (await app.call('listCopy', {}, editor)).body.result.find((r: { key: string }) => r.key === key);
}

async function auditRows(key: string) {
  return app.db.sql<{ email: string; action: string }[]>`
    SELECT s.email, a.action
    FROM audit_log a JOIN staff s ON s.id = a.staff_id
    WHERE a.subject = ${key} AND a.action LIKE 'copy.%'
    ORDER BY a.id`;
}

describe('copy drafts', () => {
  it('a saved draft is listed for copy admins only, never served to visitors, and changes no published text', async () => {
    const before = await published('faq.title');
    const saved = await app.call(
      'saveCopyDraft',
      { key: 'faq.title', sv: 'Utkast: frågor', en: 'Draft: questions', expectedUpdatedAt: before.updatedAt },
      editor,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({
      key: 'faq.title',
      sv: 'Utkast: frågor',
      en: 'Draft: questions',
      basedOn: before.updatedAt,
      savedAt: expect.any(String),
      savedBy: 'editor@staff.example',
    });
    expect((await app.call('listCopyDrafts', {}, editor)).body.result).toEqual([saved.body.result]);

    expect((await app.request('/api/getCopy?lang=sv')).body['faq.title']).toBe(before.sv);
    expect((await app.request('/api/getCopy')).body).toContainEqual({
      key: 'faq.title',
      sv: before.sv,
      en: before.en,
    });
    expect(await published('faq.title')).toEqual(before);
    expect((await app.call('copyHistory', { key: 'faq.title' }, editor)).body.result).toEqual([]);

    expect(refusal(await app.call('listCopyDrafts', {}, office))).toEqual({
      status: 403,
      error: { status: 'PERMISSION_DENIED', message: 'not_copy_admin' },
    });
    expect((await app.call('listCopyDrafts', {})).status).toBe(401);
    expect((await app.call('saveCopyDraft', { key: 'faq.title', sv: 'x', en: 'y' }, office)).status).toBe(
      403,
    );
    expect((await app.call('publishCopyDraft', { key: 'faq.title' }, office)).status).toBe(403);
    expect((await app.call('discardCopyDraft', { key: 'faq.title' }, office)).status).toBe(403);
  });

  it('publishing the draft is one step: the texts go live, the history and the audit log record it, the draft ends', async () => {
    const before = await published('faq.title');
    const res = await app.call('publishCopyDraft', { key: 'faq.title' }, editor);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ key: 'faq.title', sv: 'Utkast: frågor', en: 'Draft: questions' });
    expect((await app.request('/api/getCopy?lang=en')).body['faq.title']).toBe('Draft: questions');
    const [change] = (await app.call('copyHistory', { key: 'faq.title' }, editor)).body.result;
    expect(change).toMatchObject({
      oldSv: before.sv,
      newSv: 'Utkast: frågor',
      changedBy: 'editor@staff.example',
    });
    expect((await app.call('listCopyDrafts', {}, editor)).body.result).toEqual([]);
    expect(await auditRows('faq.title')).toEqual([
      { email: 'editor@staff.example', action: 'copy.draftSave' },
      { email: 'editor@staff.example', action: 'copy.update' },
    ]);
    // Nothing left to publish.
    expect(refusal(await app.call('publishCopyDraft', { key: 'faq.title' }, editor))).toEqual({
      status: 404,
      error: { status: 'NOT_FOUND', message: 'notFound' },
    });
  });

  it('a draft over a version published meanwhile is refused at save and at publish (409), and updateCopy ends the draft', async () => {
    const start = await published('faq.venue.question');
    const draft = await app.call(
      'saveCopyDraft',
      { key: 'faq.venue.question', sv: 'Var?', en: 'Where?', expectedUpdatedAt: start.updatedAt },
      editor,
    );
    expect(draft.status).toBe(200);
    // Someone publishes a fix directly, as before drafts existed: one step.
    const fix = await app.call(
      'updateCopy',
      { key: 'faq.venue.question', sv: 'Var spelar de?', en: 'Where do they play?' },
      editor,
    );
    expect(fix.status).toBe(200);
    expect((await app.call('listCopyDrafts', {}, editor)).body.result).toEqual([]);

    // A draft saved over the old version, then one over the new; someone publishes again before it is.
    const stale = await app.call(
      'saveCopyDraft',
      { key: 'faq.venue.question', sv: 'Gammal', en: 'Old', expectedUpdatedAt: start.updatedAt },
      editor,
    );
    expect(refusal(stale)).toEqual({ status: 409, error: { status: 'ABORTED', message: 'invalidState' } });
    await app.call('saveCopyDraft', { key: 'faq.venue.question', sv: 'Ny', en: 'New' }, editor);
    await app.db
      .sql`UPDATE copy SET updated_at = updated_at + interval '1 second' WHERE key = 'faq.venue.question'`;
    expect(refusal(await app.call('publishCopyDraft', { key: 'faq.venue.question' }, editor))).toEqual({
      status: 409,
      error: { status: 'ABORTED', message: 'invalidState' },
    });
    // The refused draft is kept for the editor to review.
    expect((await app.call('listCopyDrafts', {}, editor)).body.result).toMatchObject([{ sv: 'Ny' }]);
    expect((await app.request('/api/getCopy?lang=sv')).body['faq.venue.question']).toBe('Var spelar de?');
  });

  it('a discarded draft is gone and audited; discarding nothing says so; unknown keys are 404', async () => {
    const res = await app.call('discardCopyDraft', { key: 'faq.venue.question' }, editor);
    expect(res.body.result).toEqual({ discarded: true });
    expect((await app.call('discardCopyDraft', { key: 'faq.venue.question' }, editor)).body.result).toEqual({
      discarded: false,
    });
    expect((await auditRows('faq.venue.question')).map((r) => r.action)).toEqual([
      'copy.draftSave',
      'copy.update',
      'copy.draftSave',
      'copy.draftDiscard',
    ]);
    for (const name of ['discardCopyDraft', 'publishCopyDraft'])
      expect((await app.call(name, { key: 'no.such.key' }, editor)).status).toBe(404);
    expect((await app.call('saveCopyDraft', { key: 'no.such.key', sv: 'a', en: 'b' }, editor)).status).toBe(
      404,
    );
  });
});
