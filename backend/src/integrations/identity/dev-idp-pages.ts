import type { DevAccount } from './dev-accounts.js';

/**
 * The dev IdP's pages: plain HTML forms, no script at all (a strict CSP applies, styles come
 * from a same-origin stylesheet). Every value from a request or an account is HTML-escaped.
 */

export const STYLESHEET_PATH = '/dev-idp.css';

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'";

export const STYLESHEET = `body{font-family:system-ui,sans-serif;margin:0;background:#eef1f4;color:#1b1b1b}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem}
.banner{background:#5c2d91;color:#fff;padding:.5rem 1rem;border-radius:.5rem;font-size:.875rem}
h1{font-size:1.5rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{font-size:1.125rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1.125rem;padding:.75rem;width:100%;border-radius:.5rem;border:0;cursor:pointer;margin-top:1rem}
.primary{background:#5c2d91;color:#fff}
.secondary{background:#dfe3e6;color:#1b1b1b}
.problem{background:#fde7e9;border-left:.25rem solid #a4262c;padding:.5rem .75rem}
.hint{font-size:.875rem;color:#444}
code{background:#eef1f4;padding:0 .25rem}
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
<p class="banner">Demo – lokal inloggningstjänst (dev IdP), inte Microsoft Entra ID</p>
${body}
</main>
</body>
</html>`;
}

function accountsHint(accounts: readonly DevAccount[]): string {
  const items = accounts.map((a) => `<li><code>${escapeHtml(a.email)}</code></li>`).join('\n');
  return `<div class="hint"><p>Demokonton / demo accounts (lösenord / password <code>demo</code>):</p>\n<ul>\n${items}\n</ul>\n<p>Alla adresser inom organisationens domäner fungerar också, med samma lösenord. / Any address at the organisation's domains works too, with the same password.</p></div>`;
}

export function loginPage(options: {
  uid: string;
  clientName: string;
  email?: string;
  problem?: string;
  accounts: readonly DevAccount[];
}): string {
  const action = `/interaction/${encodeURIComponent(options.uid)}/login`;
  const abort = `/interaction/${encodeURIComponent(options.uid)}/abort`;
  const problem = options.problem ? `<p class="problem" role="alert">${escapeHtml(options.problem)}</p>` : '';
  return layout(
    'Logga in – dev IdP',
    `<h1>Logga in med jobbkonto</h1>
<p>Till <strong>${escapeHtml(options.clientName)}</strong>. Appen får ditt namn och din e-postadress.</p>
${problem}
<form method="post" action="${escapeHtml(action)}">
<label for="email">E-postadress / e-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Lösenord / password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" class="primary">Logga in</button>
</form>
<form method="post" action="${escapeHtml(abort)}">
<button type="submit" class="secondary">Avbryt</button>
</form>
${accountsHint(options.accounts)}`,
  );
}

export function consentPage(options: {
  uid: string;
  clientName: string;
  email: string;
  scopes: string[];
}): string {
  const confirm = `/interaction/${encodeURIComponent(options.uid)}/confirm`;
  const abort = `/interaction/${encodeURIComponent(options.uid)}/abort`;
  const scopes = options.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('\n');
  return layout(
    'Godkänn – dev IdP',
    `<h1>Godkänn åtkomst</h1>
<p>Inloggad som <strong>${escapeHtml(options.email)}</strong>. <strong>${escapeHtml(options.clientName)}</strong> ber om:</p>
<ul>
${scopes || '<li>inloggning</li>'}
</ul>
<form method="post" action="${escapeHtml(confirm)}">
<button type="submit" class="primary">Fortsätt</button>
</form>
<form method="post" action="${escapeHtml(abort)}">
<button type="submit" class="secondary">Avbryt</button>
</form>`,
  );
}

/** oidc-provider hands in its own form (hidden xsrf field, id op.logoutForm); the buttons submit it. */
export function logoutPage(form: string): string {
  return layout(
    'Logga ut – dev IdP',
    `<h1>Logga ut?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary">Logga ut</button>
<button type="submit" form="op.logoutForm" class="secondary">Förbli inloggad</button>`,
  );
}

export function loggedOutPage(): string {
  return layout('Utloggad – dev IdP', '<h1>Du är utloggad</h1>\n<p>Du kan stänga den här sidan.</p>');
}

export function errorPage(error: string, description?: string): string {
  return layout(
    'Fel – dev IdP',
    `<h1>Något gick fel</h1>
<p class="problem" role="alert"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p>Gå tillbaka till appen och försök igen.</p>`,
  );
}

/** The root: opening it once is how a browser accepts the self-signed certificate. */
export function homePage(accounts: readonly DevAccount[]): string {
  return layout(
    'Dev IdP',
    `<h1>Dev IdP är igång</h1>
<p>Certifikatet är självsignerat. Har du kommit hit och godkänt det kan du gå tillbaka till appen och logga in.</p>
${accountsHint(accounts)}`,
  );
}
