import type { SimulatedOrder } from './simulator-store.js';

/**
 * The simulator's "BankID app": plain HTML forms that work on a phone without JavaScript
 * (a strict CSP applies: no inline script, styles from a same-origin stylesheet).
 * Everything from an order is HTML-escaped; personal numbers appear masked only.
 */

export interface PagePaths {
  /** Where the router is mounted, e.g. `/sim/bankid`. */
  mountPath: string;
  /** The approval page, e.g. `/sim/bankid/app`. */
  appPath: string;
}

export type ReturnTo = 'app' | 'list';

/** `redirect`: where the app goes back to once decided (the launch link's `redirect`, not `null`): as BankID's app does on iOS. */
export function approvalPage(
  order: SimulatedOrder,
  paths: PagePaths,
  problem?: string,
  redirect?: string,
): string {
  const body =
    order.state.status === 'pending'
      ? [orderSummary(order), problemNote(problem), decisionForms(order, paths, 'app', redirect)].join('\n')
      : [orderSummary(order), outcomeNote(order)].join('\n');
  return layout(
    paths,
    `${kindTitle(order)} – BankID simulator`,
    `<h1>${kindTitle(order)}</h1>\n${body}\n<p><a href="${attr(listPath(paths))}">All pending orders</a></p>`,
  );
}

export function pendingOrdersPage(orders: SimulatedOrder[], paths: PagePaths, problem?: string): string {
  const items = orders.map(
    (order) => `<li class="order">
${orderSummary(order)}
<p><a href="${attr(approvalHref(order, paths))}">Open as the BankID app</a></p>
${decisionForms(order, paths, 'list')}
</li>`,
  );
  const list = items.length ? `<ul class="orders">\n${items.join('\n')}\n</ul>` : '<p>No pending orders.</p>';
  return layout(
    paths,
    'Pending orders – BankID simulator',
    `<h1>Pending BankID orders</h1>\n${problemNote(problem)}\n${list}\n<p><a href="${attr(listPath(paths))}">Refresh</a></p>`,
  );
}

export function missingOrderPage(paths: PagePaths): string {
  return layout(
    paths,
    'No such order – BankID simulator',
    `<h1>No such order</h1>\n<p>The order has ended or never existed. Start again from the site.</p>\n<p><a href="${attr(listPath(paths))}">All pending orders</a></p>`,
  );
}

export const STYLESHEET = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b1b1b}
main{max-width:32rem;margin:0 auto;padding:1rem}
.banner{background:#193e4f;color:#fff;padding:.5rem 1rem;border-radius:.5rem}
.text,.order{background:#fff;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0;list-style:none}
.orders{padding:0}
form{margin:.75rem 0}
label{display:block;margin:.5rem 0 .25rem}
input{font-size:1.125rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1.125rem;padding:.75rem;width:100%;border-radius:.5rem;border:0;cursor:pointer}
.approve{background:#193e4f;color:#fff}
.cancel{background:#dfe3e6;color:#1b1b1b}
.problem{color:#a00;font-weight:bold}`;

function layout(paths: PagePaths, title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(title)}</title>
<link rel="stylesheet" href="${attr(`${paths.mountPath}/sim.css`)}">
</head>
<body>
<main>
<p class="banner">BankID simulator – demo only, no real BankID is involved.</p>
${content}
</main>
</body>
</html>
`;
}

function orderSummary(order: SimulatedOrder): string {
  const who = order.personalNumber
    ? `for ${html(maskedPersonalNumber(order.personalNumber))}`
    : 'without a personal number: anyone may approve';
  return `<p>${order.kind === 'sign' ? 'Signing' : 'Identification'} ${who}.</p>\n${visibleText(order)}`;
}

function decisionForms(
  order: SimulatedOrder,
  paths: PagePaths,
  returnTo: ReturnTo,
  redirect?: string,
): string {
  const id = `pn-${order.orderRef}`;
  const hidden =
    `<input type="hidden" name="orderRef" value="${attr(order.orderRef)}">\n<input type="hidden" name="returnTo" value="${returnTo}">` +
    (redirect ? `\n<input type="hidden" name="redirect" value="${attr(redirect)}">` : '');
  // The personal number goes in a POST body, never in a URL.
  const whoApproves = order.personalNumber
    ? ''
    : `<label for="${attr(id)}">Personal number (12 digits)</label>\n<input id="${attr(id)}" name="personalNumber" inputmode="numeric" autocomplete="off" required pattern="[0-9]{8}-?[0-9]{4}" maxlength="13">`;
  return `<form method="post" action="${attr(`${paths.appPath}/approve`)}">
${hidden}
${whoApproves}
<button type="submit" class="approve">Approve</button>
</form>
<form method="post" action="${attr(`${paths.appPath}/cancel`)}">
${hidden}
<button type="submit" class="cancel">Cancel</button>
</form>`;
}

function outcomeNote(order: SimulatedOrder): string {
  const state = order.state;
  if (state.status === 'complete') return '<p role="status">Approved. You can go back to the site.</p>';
  if (state.status === 'failed')
    return `<p role="status">This order has ended (${html(state.hintCode)}). You can go back to the site.</p>`;
  return '';
}

function problemNote(problem: string | undefined): string {
  return problem ? `<p class="problem" role="alert">${html(problem)}</p>` : '';
}

function kindTitle(order: SimulatedOrder): string {
  return order.kind === 'sign' ? 'Sign with BankID' : 'Identify with BankID';
}

/** The relying party's text; simpleMarkdownV1 gets a light rendering (headings, list items, *strong*). */
function visibleText(order: SimulatedOrder): string {
  if (!order.userVisibleData) return '';
  const text = Buffer.from(order.userVisibleData, 'base64').toString('utf8');
  const blocks =
    order.userVisibleDataFormat === 'simpleMarkdownV1'
      ? markdownBlocks(text)
      : text.split(/\r?\n/).map((l) => `<p>${html(l)}</p>`);
  return `<div class="text">\n${blocks.join('\n')}\n</div>`;
}

function markdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let items: string[] = [];
  const flushList = () => {
    if (items.length) blocks.push(`<ul>${items.join('')}</ul>`);
    items = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\+\s+(.*)$/.exec(line);
    if (item) {
      items.push(`<li>${inline(item[1]!)}</li>`);
      continue;
    }
    flushList();
    const level = (heading?.[1]?.length ?? 0) + 1; // the page's own h1 stays on top
    if (heading) blocks.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    else if (/^-{3,}$/.test(line.trim())) blocks.push('<hr>');
    else if (line.trim()) blocks.push(`<p>${inline(line)}</p>`);
  }
  flushList();
  return blocks;
}

/** `\x` is a literal x; `*text*` is strong. Every piece of text is escaped. */
function inline(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/\\(.)|\*((?:\\.|[^*\\])+)\*/g)) {
    out += html(text.slice(last, m.index));
    out += m[1] !== undefined ? html(m[1]) : `<strong>${inline(m[2]!)}</strong>`;
    last = m.index + m[0].length;
  }
  return out + html(text.slice(last));
}

export function maskedPersonalNumber(personalNumber: string): string {
  return `${personalNumber.slice(0, 8)}-****`;
}

export function approvalHref(order: SimulatedOrder, paths: PagePaths): string {
  return `${paths.appPath}?autostarttoken=${encodeURIComponent(order.autoStartToken)}`;
}

export function listPath(paths: PagePaths): string {
  return `${paths.mountPath}/`;
}

function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
const attr = html;
