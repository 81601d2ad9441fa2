import { COPY_KEYS } from '@concert/shared/copy-keys';
import { describe, expect, it } from 'vitest';
import { COPY_GROUPS, copyGroupOf, copyGroupPage } from './copy-groups.js';

describe('copy groups', () => {
  it('put every text of the product on a named page or screen (none in "other")', () => {
    const unplaced = COPY_KEYS.filter((key) => copyGroupOf(key).id === 'other');
    expect(unplaced).toEqual([]);
    expect(new Set(COPY_GROUPS.map((g) => g.id)).size).toBe(COPY_GROUPS.length);
  });

  it('go by the longest prefix of whole key parts', () => {
    expect(copyGroupOf('admin.door.search.count').id).toBe('adminDoor');
    expect(copyGroupOf('admin.title').id).toBe('adminFrame');
    expect(copyGroupOf('admin.login.errors.notCopyAdmin').id).toBe('adminFrame');
    expect(copyGroupOf('countdown.reserved').id).toBe('frame');
    expect(copyGroupOf('startle.title').id).toBe('other');
    expect(copyGroupOf('nothing.known').id).toBe('other');
  });

  it('name the page to preview in the language asked for, where a group has one', () => {
    expect(copyGroupPage(copyGroupOf('faq.title'), 'en')).toBe('/en/faq');
    expect(copyGroupPage(copyGroupOf('start.title'), 'sv')).toBe('/sv/');
    expect(copyGroupPage(copyGroupOf('email.registeredNew.subject'), 'sv')).toBeUndefined();
  });
});
