import { describe, expect, it } from 'vitest';
import {
  copyMarker,
  firstPaintHtml,
  MAIN_SLOT,
  PAGE_SLOT,
  TICKET_CODE_SLOT,
  TICKET_QR_SLOT,
  TICKET_TEMPLATE,
  type PaintedLayout,
  type PaintedPages,
} from './first-paint.js';

// Templates as the apps' builds write them (shared/src/browser/first-paint-render.tsx).
const layoutOf = (lang: 'sv' | 'en') =>
  `<header><a class="lang-toggle" aria-label="${copyMarker('shell.header.switchLanguageLabel')}" href="/${lang === 'sv' ? 'en' : 'sv'}/${PAGE_SLOT}">${copyMarker('shell.header.switchLanguage')}</a></header>` +
  `<main id="main">${MAIN_SLOT}</main>`;
const layout: PaintedLayout = { css: '', layout: { sv: layoutOf('sv'), en: layoutOf('en') } };
const start = (intro: string, button = '') => `<h1>${copyMarker('start.title')}</h1><p>${intro}</p>${button}`;
const screens = {
  '': {
    Open: start(
      copyMarker('start.intro.open'),
      `<button aria-disabled="true">${copyMarker('start.button.buy')}</button>`,
    ),
    Queue: start(copyMarker('start.intro.queue')),
    Closed: start(
      copyMarker('start.intro.closed'),
      `<button disabled="">${copyMarker('start.button.closed')}</button>`,
    ),
    Done: start(copyMarker('start.intro.done')),
    unknown: start(copyMarker('start.statusUnknown')),
  },
  memberCheck: `<h1>${copyMarker('memberCheck.title')}</h1>`,
  'error/invalidState': `<h1>${copyMarker('error.title')}</h1><p role="alert">${copyMarker('error.messages.invalidState')}</p>`,
};
const pages: PaintedPages = { css: '', pages: { sv: screens, en: screens } };
const templates = { layout, pages };

const copy = {
  'start.title': 'Konsert <för> "alla" & \'dig\'',
  'start.intro.open': 'Öppet {{concertDate}}',
  'start.intro.done': 'Slut',
  'start.intro.over': 'Konserten {{concertDate}} har varit',
  'start.button.buy': 'Köp',
  'start.button.closed': 'Stängt',
  'shell.header.switchLanguageLabel': 'Byt "språk"',
  'memberCheck.title': 'Identifiera dig',
};

describe('firstPaintHtml', () => {
  it('makes one list item per line of a list text (the line-up), each escaped', () => {
    const withList: PaintedPages = {
      css: '',
      pages: { sv: { faq: `<h1>x</h1><ul><li>${copyMarker('start.lineup.artists')}</li></ul>` }, en: {} },
    };
    const html = firstPaintHtml(
      { layout, pages: withList },
      {
        pathname: '/sv/faq',
        lang: 'sv',
        copy: { 'start.lineup.artists': 'Linnea <Strand>\n\n  Kören {{venue}}  \n' },
        concertStatus: 'Open',
        concertVariables: { venue: 'Annexet' },
      },
    )!;
    expect(html).toContain('<ul><li>Linnea &lt;Strand&gt;</li><li>Kören Annexet</li></ul>');
  });

  it('fills the texts from the copy, escaped and with its variables substituted', () => {
    const html = firstPaintHtml(templates, {
      pathname: '/sv/',
      lang: 'sv',
      copy,
      concertStatus: 'Open',
      // the concert's facts as the server derived them from the stored concert
      concertVariables: { concertDate: '20 maj 2031' },
    })!;
    expect(html).toContain('<h1>Konsert &lt;för&gt; &quot;alla&quot; &amp; &#39;dig&#39;</h1>');
    expect(html).toContain('Öppet 20 maj 2031');
    expect(html).toContain('aria-label="Byt &quot;språk&quot;"');
    expect(html).toContain('>shell.header.switchLanguage</a>'); // a text the copy lacks shows its key, as t() does
    expect(html).not.toContain('⟦');
  });

  it('says the concert has been once it has, not that tickets can still be ordered', () => {
    const input = { pathname: '/sv/', lang: 'sv' as const, copy, concertStatus: 'Done' as const };
    const vars = { concertDate: '20 maj 2031' };
    expect(firstPaintHtml(templates, { ...input, concertVariables: vars })).toContain('Slut');
    const over = firstPaintHtml(templates, { ...input, concertVariables: vars, concertOver: true })!;
    expect(over).toContain('Konserten 20 maj 2031 har varit');
    expect(over).not.toContain('Slut');
  });

  it('puts the screen of the concert status into the layout', () => {
    expect(
      firstPaintHtml(templates, { pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Open' }),
    ).toContain('<main id="main"><h1>Konsert');
    expect(
      firstPaintHtml(templates, { pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Closed' }),
    ).toContain('<button disabled="">Stängt</button>');
    expect(
      firstPaintHtml(templates, { pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Done' }),
    ).not.toContain('<button');
    expect(firstPaintHtml(templates, { pathname: '/sv/', lang: 'sv', copy, concertStatus: null })).toContain(
      'start.statusUnknown',
    );
  });

  it('links the language toggle to the same screen in the other language', () => {
    expect(
      firstPaintHtml(templates, { pathname: '/sv/', lang: 'sv', copy, concertStatus: 'Open' }),
    ).toContain('href="/en/"');
    const html = firstPaintHtml(templates, {
      pathname: '/en/memberCheck',
      lang: 'en',
      copy,
      concertStatus: 'Open',
    })!;
    expect(html).toContain('href="/sv/memberCheck"');
    expect(html).toContain('<main id="main"><h1>Identifiera dig</h1></main>');
  });

  it('paints the error page of an id it has, below error/, with the toggle to the same error in the other language', () => {
    const html = firstPaintHtml(templates, {
      pathname: '/sv/error/invalidState',
      lang: 'sv',
      copy: { 'error.title': 'Något gick fel', 'error.messages.invalidState': 'Börja om' },
      concertStatus: 'Open',
    })!;
    expect(html).toContain('<main id="main"><h1>Något gick fel</h1><p role="alert">Börja om</p></main>');
    expect(html).toContain('href="/en/error/invalidState"');
    expect(
      firstPaintHtml(templates, {
        pathname: '/sv/error/somethingElse',
        lang: 'sv',
        copy,
        concertStatus: 'Open',
      }),
    ).toBeNull();
    expect(
      firstPaintHtml(templates, {
        pathname: '/sv/error/invalidState/more',
        lang: 'sv',
        copy,
        concertStatus: 'Open',
      }),
    ).toBeNull();
    expect(
      firstPaintHtml(templates, {
        pathname: '/sv/memberCheck/invalidState',
        lang: 'sv',
        copy,
        concertStatus: 'Open',
      }),
    ).toBeNull();
  });

  it('uses the layout a page has of its own in a concert status (the queue page keeps the countdown’s place while on sale)', () => {
    const own = `<header><p class="countdown countdown-pending"></p>${copyMarker('shell.header.switchLanguage')}</header><main id="main">${MAIN_SLOT}</main>`;
    const withOwn = {
      layout: { ...layout, pages: { sv: { toQueue: { Open: own } } } },
      pages: {
        css: '',
        pages: { sv: { toQueue: screens.memberCheck }, en: { toQueue: screens.memberCheck } },
      },
    };
    const input = { pathname: '/sv/toQueue', lang: 'sv', copy, concertStatus: 'Open' } as const;
    expect(firstPaintHtml(withOwn, input)).toBe(
      '<header><p class="countdown countdown-pending"></p>shell.header.switchLanguage</header><main id="main"><h1>Identifiera dig</h1></main>',
    );
    expect(firstPaintHtml(withOwn, { ...input, concertStatus: 'Queue' })).not.toContain('countdown');
    expect(firstPaintHtml(withOwn, { ...input, pathname: '/en/toQueue', lang: 'en' })).not.toContain(
      'countdown',
    );
  });

  it('paints the error page of an id the app does not know with that id, decoded as the app’s router does and escaped', () => {
    const unknownError = `<h1>${copyMarker('error.title')}</h1><p role="alert">${copyMarker('error.unknownMessage')}</p>`;
    const withUnknown = { layout, pages: { ...pages, unknownError: { sv: unknownError, en: unknownError } } };
    const errorCopy = {
      'error.title': 'Något gick fel',
      'error.unknownMessage': 'Meddelande: {{id}}',
      'error.messages.invalidState': 'Börja om',
    };
    const html = firstPaintHtml(withUnknown, {
      pathname: '/sv/error/ok%C3%A4nt%20%3Cb%3E%22',
      lang: 'sv',
      copy: errorCopy,
      concertStatus: 'Open',
    })!;
    expect(html).toContain(
      '<main id="main"><h1>Något gick fel</h1><p role="alert">Meddelande: okänt &lt;b&gt;&quot;</p></main>',
    );
    expect(html).toContain('href="/en/error/ok%C3%A4nt%20%3Cb%3E%22"');
    expect(
      firstPaintHtml(withUnknown, {
        pathname: '/sv/error/100%',
        lang: 'sv',
        copy: errorCopy,
        concertStatus: null,
      }),
    ).toContain('Meddelande: 100%<');
    // a known id keeps its own page; only below error/
    expect(
      firstPaintHtml(withUnknown, {
        pathname: '/sv/error/invalidState',
        lang: 'sv',
        copy: errorCopy,
        concertStatus: 'Open',
      }),
    ).toContain('<p role="alert">Börja om</p>');
    expect(
      firstPaintHtml(withUnknown, {
        pathname: '/sv/somethingElse',
        lang: 'sv',
        copy: errorCopy,
        concertStatus: 'Open',
      }),
    ).toBeNull();
    expect(
      firstPaintHtml(withUnknown, {
        pathname: '/sv/error/a/b',
        lang: 'sv',
        copy: errorCopy,
        concertStatus: 'Open',
      }),
    ).toBeNull();
  });

  it('paints nothing for a screen the templates lack or a language that is not the page’s', () => {
    expect(
      firstPaintHtml(templates, { pathname: '/sv/becomeMember', lang: 'sv', copy, concertStatus: 'Open' }),
    ).toBeNull();
    expect(
      firstPaintHtml(templates, { pathname: '/sv/constructor', lang: 'sv', copy, concertStatus: 'Open' }),
    ).toBeNull();
    expect(
      firstPaintHtml(templates, { pathname: '/admin/login', lang: 'sv', copy, concertStatus: 'Open' }),
    ).toBeNull();
    expect(
      firstPaintHtml(templates, { pathname: '/en/', lang: 'sv', copy, concertStatus: 'Open' }),
    ).toBeNull();
  });

  it('paints a ticket page with its holder, its code and its QR code, the names escaped; no ticket, no paint', () => {
    const code = 'c'.repeat(32);
    const withTicket: PaintedPages = {
      css: '',
      pages: {
        sv: {
          [TICKET_TEMPLATE]: `<p class="ticket-holder">${copyMarker('ticket.holder')}</p><div class="qr ticket-qr">${TICKET_QR_SLOT}<p class="ticket-code">${TICKET_CODE_SLOT}</p></div>`,
        },
        en: {},
      },
    };
    const ticketCopy = {
      'ticket.holder': 'Biljett för {{firstName}} {{lastName}}',
      'ticket.qrAlt': 'QR "{{ticketId}}"',
    };
    const ticket = {
      firstName: 'Kim <b>',
      lastName: '{{venue}}',
      code,
      qrSvg: '<svg viewBox="0 0 9 9"><path d="M1 1h1"/></svg>\n',
      copyVariables: { sv: { venue: 'Cirkus' }, en: { venue: 'Cirkus' } },
    };
    const paint = (pathname: string, painted: typeof ticket | null = ticket) =>
      firstPaintHtml(
        { layout, pages: withTicket },
        {
          pathname,
          lang: 'sv',
          copy: ticketCopy,
          concertStatus: 'Open',
          concertVariables: { venue: 'Hallen' },
          ticket: painted,
        },
      );
    const html = paint(`/sv/ticket/${code}`)!;
    expect(html).toContain(`<p class="ticket-holder">Biljett för Kim &lt;b&gt; {{venue}}</p>`);
    expect(html).toContain(
      `<div class="qr ticket-qr"><svg class="qr-code" role="img" aria-label="QR &quot;${code}&quot;" width="268" height="268" viewBox="0 0 9 9"><path d="M1 1h1"/></svg><p class="ticket-code">${code}</p></div>`,
    );
    expect(html).toContain(`href="/en/ticket/${code}"`);
    expect(paint(`/sv/ticket/${code}`, null)).toBeNull();
    expect(paint(`/sv/ticket/${'d'.repeat(32)}`)).toBeNull(); // another code's ticket
    expect(paint('/sv/ticket')).toBeNull(); // the template is no page of its own
    // A ticket says where its own concert is (last year's, after next year's is published).
    const where = firstPaintHtml(
      {
        layout,
        pages: {
          css: '',
          pages: { sv: { [TICKET_TEMPLATE]: `<p>${copyMarker('start.facts.place')}</p>` }, en: {} },
        },
      },
      {
        pathname: `/sv/ticket/${code}`,
        lang: 'sv',
        copy: { 'start.facts.place': '{{venue}}' },
        concertStatus: 'Open',
        concertVariables: { venue: 'Hallen' },
        ticket,
      },
    );
    expect(where).toContain('<p>Cirkus</p>');
    expect(paint(`/en/ticket/${code}`)).toBeNull();
  });
});
