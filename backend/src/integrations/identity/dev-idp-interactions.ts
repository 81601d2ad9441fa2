/** The dev IdP's own pages around oidc-provider: login, consent, the SPA's logout, and their forms. */
import type Koa from 'koa';
import type { Interaction, InteractionResults, Provider } from 'oidc-provider';
import { bodyText } from '../request-body.js';
import type { DevAccountBook } from './dev-accounts.js';
import {
  consentPage,
  CONTENT_SECURITY_POLICY,
  errorPage,
  homePage,
  loginPage,
  STYLESHEET,
  STYLESHEET_PATH,
} from './dev-idp-pages.js';

const FORM_LIMIT_BYTES = 8 * 1024;

/** An HTML page; without `status`, the one already set stays (oidc-provider's error pages). */
export function htmlResponse(ctx: Koa.Context, html: string, status?: number): void {
  if (status !== undefined) ctx.status = status;
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = html;
}

/** The login and consent pages of an interaction, the stylesheet and the root page. */
export function interactionRoutes(provider: Provider, book: DevAccountBook): Koa.Middleware {
  const accounts = book.fixtures;
  return async (ctx, next) => {
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (reading && ctx.path === STYLESHEET_PATH) {
      ctx.type = 'text/css';
      ctx.set('Cache-Control', 'max-age=3600');
      ctx.body = STYLESHEET;
      return;
    }
    if (reading && ctx.path === '/') return htmlResponse(ctx, homePage(accounts));
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|confirm|abort))?$/.exec(ctx.path);
    if (!match) return next();
    const [, uid, action] = match;
    if (ctx.method !== (action ? 'POST' : 'GET')) {
      return htmlResponse(ctx, errorPage('invalid_request', 'Method not allowed'), 405);
    }

    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      return htmlResponse(
        ctx,
        errorPage(
          'session_not_found',
          'The sign-in took too long or was started in another browser. Start again from the app.',
        ),
        400,
      );
    }
    if (interaction.uid !== uid)
      return htmlResponse(ctx, errorPage('invalid_request', 'Interaction mismatch'), 400);
    const clientName = 'Konsertadministration';
    const finish = async (result: InteractionResults, merge = true) => {
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, {
        mergeWithLastSubmission: merge,
      });
      ctx.status = 303;
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(returnTo);
    };

    if (action === undefined) {
      if (interaction.prompt.name === 'login')
        return htmlResponse(ctx, loginPage({ uid, clientName, accounts }));
      const accountId = interaction.session?.accountId;
      const account = accountId ? book.byId(accountId) : undefined;
      return htmlResponse(
        ctx,
        consentPage({ uid, clientName, email: account?.email ?? '', scopes: requestedScopes(interaction) }),
      );
    }

    if (action === 'abort')
      return finish({ error: 'access_denied', error_description: 'End-User aborted interaction' }, false);

    if (action === 'login') {
      if (interaction.prompt.name !== 'login')
        return htmlResponse(ctx, errorPage('invalid_request', 'No sign-in is pending'), 400);
      const form = await readForm(ctx);
      const email = (form.get('email') ?? '').trim();
      const account = book.byEmail(email);
      if (!account || form.get('password') !== account.password) {
        return htmlResponse(
          ctx,
          loginPage({
            uid,
            clientName,
            accounts,
            email,
            problem: 'Fel e-postadress eller lösenord. / Wrong e-mail or password.',
          }),
          401,
        );
      }
      return finish({ login: { accountId: account.id } }, false);
    }

    // confirm: the consent prompt (only when the app asks for it with prompt=consent).
    if (interaction.prompt.name !== 'consent' || !interaction.session?.accountId) {
      return htmlResponse(ctx, errorPage('invalid_request', 'No consent is pending'), 400);
    }
    const { details } = interaction.prompt;
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({
          accountId: interaction.session.accountId,
          clientId: String(interaction.params.client_id),
        });
    if (!grant) return htmlResponse(ctx, errorPage('invalid_request', 'Grant not found'), 400);
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    return finish({ consent: interaction.grantId ? {} : { grantId } });
  };
}

/**
 * MSAL's logoutRedirect sends post_logout_redirect_uri without client_id or id_token_hint, and
 * oidc-provider ignores the URI without one of them. The dev IdP has one client, so it names it
 * (the URI is still checked against the client's registered post-logout URIs), and the app
 * gets its user back on its login page as with Entra ID.
 */
export function logoutFromTheSpa(clientId: string): Koa.Middleware {
  return async (ctx, next) => {
    if (
      ctx.method === 'GET' &&
      ctx.path === '/session/end' &&
      ctx.query.post_logout_redirect_uri &&
      !ctx.query.client_id &&
      !ctx.query.id_token_hint
    ) {
      ctx.query = { ...ctx.query, client_id: clientId };
    }
    return next();
  };
}

function requestedScopes(interaction: Interaction): string[] {
  return typeof interaction.params.scope === 'string'
    ? interaction.params.scope.split(' ').filter(Boolean)
    : [];
}

async function readForm(ctx: Koa.Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  const text = await bodyText(ctx, FORM_LIMIT_BYTES);
  if (text === undefined) ctx.throw(413);
  return new URLSearchParams(text);
}
