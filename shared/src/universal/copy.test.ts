import { describe, expect, it } from 'vitest';
import { COPY_VARIABLES } from './constants.js';
import {
  copyParts,
  copyPreviewHref,
  isCopyPreview,
  isVisitorCopyKey,
  RUNTIME_COPY_VARIABLES,
  substituteCopy,
  unknownCopyVariables,
} from './copy.js';

describe('unknownCopyVariables', () => {
  it('accepts constants of the language and runtime variables', () => {
    expect(unknownCopyVariables('{{orgName}} {{ firstName }} {{supportEmail}}', 'sv')).toEqual([]);
    expect(unknownCopyVariables('{{ticketId}} {{changedBy}}', 'en')).toEqual([]);
  });

  it('names each unknown variable once, in order of appearance', () => {
    expect(unknownCopyVariables('{{foo}} {{orgName}} {{bar}} {{foo}}', 'sv')).toEqual(['foo', 'bar']);
  });

  it('ignores text that is not a variable', () => {
    expect(unknownCopyVariables('{single} {{ }} {{1abc}}', 'sv')).toEqual([]);
  });
});

describe('RUNTIME_COPY_VARIABLES', () => {
  it('never shadows a constant', () => {
    for (const name of RUNTIME_COPY_VARIABLES) expect(Object.keys(COPY_VARIABLES.sv)).not.toContain(name);
  });

  it('are substituted from the screen’s values', () => {
    expect(substituteCopy('Hej {{firstName}}', 'sv', { firstName: '⟨firstName⟩' })).toBe('Hej ⟨firstName⟩');
  });
});

describe('the copy preview link', () => {
  it('opens a page in preview mode, keeping its own query', () => {
    expect(copyPreviewHref('/sv/faq')).toBe('/sv/faq?preview=drafts');
    expect(isCopyPreview(new URL(copyPreviewHref('/sv/queueOffer?code=x'), 'http://h').search)).toBe(true);
    expect(isCopyPreview('?code=x')).toBe(false);
    expect(isCopyPreview('?preview=other')).toBe(false);
  });
});

describe('isVisitorCopyKey', () => {
  it('leaves the staff texts and the e-mails out of a visitor page, but the calendar title its ticket page uses', () => {
    expect(isVisitorCopyKey('ticket.title')).toBe(true);
    expect(isVisitorCopyKey('admin.nav.audit')).toBe(false);
    expect(isVisitorCopyKey('email.finalTicket.subject')).toBe(false);
    expect(isVisitorCopyKey('email.finalTicket.calendarTitle')).toBe(true);
  });
});

describe('copyParts', () => {
  it('cuts a text at its variables, each as written with its name; the pieces make the text again', () => {
    const text = '{{venue}}, {{ city }} – {not} {{venue}}';
    const parts = copyParts(text);
    expect(parts).toEqual([
      { text: '{{venue}}', variable: 'venue' },
      { text: ', ' },
      { text: '{{ city }}', variable: 'city' },
      { text: ' – {not} ' },
      { text: '{{venue}}', variable: 'venue' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(copyParts('')).toEqual([]);
  });
});
