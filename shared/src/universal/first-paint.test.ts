import { describe, expect, it } from 'vitest';
import { firstPaintHtml } from './first-paint.js';

const copy = {
  'start.title': 'Konsert <för> "alla" & dig',
  'start.intro.open': 'Öppet {{concertDate}}',
  'start.intro.done': 'Slut',
  'start.button.buy': 'Köp',
  'start.button.closed': 'Stängt',
  'memberCheck.title': 'Identifiera dig',
};

describe('firstPaintHtml', () => {
  it('paints the start page from the copy, escaped and with its variables substituted', () => {
    const html = firstPaintHtml({ pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Open' })!;
    expect(html).toContain('<h1 tabindex="-1">Konsert &lt;för&gt; &quot;alla&quot; &amp; dig</h1>');
    expect(html).toContain('Öppet 15 september 2025');
    expect(html).toContain('<a class="lang-toggle" hreflang="en" lang="en"');
    expect(html).toContain('href="/en/"');
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it('shows the ticket button by status: not ready until the app runs, disabled when closed, none when done', () => {
    expect(firstPaintHtml({ pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Open' })).toContain('<button type="button" class="button" aria-disabled="true">Köp</button>');
    expect(firstPaintHtml({ pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Closed' })).toContain('<button type="button" class="button" disabled>Stängt</button>');
    expect(firstPaintHtml({ pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Done' })).not.toContain('<button');
  });

  it('paints memberCheck with a button that cannot submit the personal number into the URL', () => {
    const html = firstPaintHtml({ pathname: '/en/memberCheck', lang: 'en', copy, concertStatus: 'Open' })!;
    expect(html).toContain('Identifiera dig');
    expect(html).not.toContain('type="submit"');
    expect(html).toContain('href="/sv/memberCheck"');
  });

  it('paints nothing for other pages or a language that is not the page’s', () => {
    expect(firstPaintHtml({ pathname: '/sv/becomeMember', lang: 'sv', copy, concertStatus: 'Open' })).toBeNull();
    expect(firstPaintHtml({ pathname: '/admin/login', lang: 'sv', copy, concertStatus: 'Open' })).toBeNull();
    expect(firstPaintHtml({ pathname: '/en/', lang: 'sv', copy, concertStatus: 'Open' })).toBeNull();
  });
});
