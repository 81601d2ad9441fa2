import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { useCopy } from './copy.js';
import { notReady, paintMarkup } from './first-paint-render.js';
import { Link } from 'react-router';

function Screen() {
  const t = useCopy();
  return h(
    'form',
    null,
    h('input', { name: 'a', value: '', onChange: () => undefined }),
    h('button', { type: 'submit' }, t('memberCheck.continue')),
    h(Link, { to: '/sv/faq', 'aria-label': t('shell.footer.faq') }, 'x'),
  );
}

describe('paintMarkup', () => {
  it('renders the texts as copy markers, for the server to fill', () => {
    const html = paintMarkup(h(Screen), { pathname: '/sv/memberCheck', lang: 'sv', concertStatus: 'Open' });
    expect(html).toContain('⟦memberCheck.continue⟧</button>');
    expect(html).toContain('<a aria-label="⟦shell.footer.faq⟧" href="/sv/faq"');
  });

  it('paints controls that are not ready and cannot submit', () => {
    const html = paintMarkup(h(Screen), { pathname: '/sv/memberCheck', lang: 'sv', concertStatus: 'Open' });
    expect(html).toContain('<input name="a" value="" aria-disabled="true"/>');
    expect(html).toContain('<button type="button" aria-disabled="true">');
    expect(html).not.toContain('submit');
  });
});

describe('notReady', () => {
  it('leaves disabled controls as they are', () => {
    expect(notReady('<button type="button" disabled="">x</button><select disabled=""></select>')).toBe(
      '<button type="button" disabled="">x</button><select disabled=""></select>',
    );
    expect(notReady('<textarea rows="3"></textarea>')).toBe(
      '<textarea rows="3" aria-disabled="true"></textarea>',
    );
  });
});
