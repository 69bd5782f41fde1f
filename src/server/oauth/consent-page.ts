/**
 * The consent page a browser sees at the authorize endpoint (the site has no accounts: the person
 * only confirms that this client may act with these scopes), and the page that shows an error
 * which must not be redirected. Plain HTML, no script, in Polish or English.
 */
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import type { Locale } from '../base/i18n';
import { scopeCatalogue, type Scope } from '../base/scopes';
import { isolatedPageHeaders } from '../http/security-headers.mjs';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const style = `
:root{--ink:#14212b;--muted:#4a5a66;--tint:#f1f6f8;--accent:#0b4f6c;--focus:#c2410c;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;line-height:1.6;color:var(--ink)}
*{box-sizing:border-box}body{margin:0;background:var(--tint)}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px #0002}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}
.site{font-weight:700;color:var(--muted);margin:0}h1{font-size:1.6rem;line-height:1.2;margin:.25rem 0 1rem}
ul{padding-left:1.2rem}li{margin:.3rem 0}code{font-size:.85em;background:var(--tint);padding:.1rem .3rem;border-radius:.25rem;overflow-wrap:anywhere}li code{white-space:nowrap}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button,a.button{font:inherit;font-weight:600;min-height:44px;padding:.6rem 1.4rem;border-radius:.5rem;cursor:pointer;border:2px solid var(--accent);text-decoration:none;display:inline-block}
.allow{background:var(--accent);color:#fff}.deny{background:#fff;color:var(--accent)}
button:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.muted{color:var(--muted);font-size:.9rem}.error{border-left:4px solid var(--focus);padding:.5rem .75rem;background:#fff7ed}`;

function page(locale: Locale, title: string, siteName: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>
<style>${style}</style>
</head>
<body>
<main>
<p class="site">${escapeHtml(siteName)}</p>
${body}
</main>
</body>
</html>`;
}

export interface ConsentInput {
  locale: Locale;
  siteName: string;
  clientName?: string;
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  /** The authorization request's parameters, carried through the form unchanged. */
  parameters: Array<[string, string]>;
  action: string;
}

export function consentPage(input: ConsentInput): string {
  const t = ui[input.locale].consent;
  const client = escapeHtml(input.clientName ?? t.unnamed);
  const hidden = input.parameters
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const redirectOrigin = new URL(input.redirectUri).origin;
  return page(
    input.locale,
    t.title,
    input.siteName,
    `<h1>${t.title}</h1>
<p>${fill(t.lead, { client })} <span class="muted">(<code>${escapeHtml(input.clientId)}</code>)</span></p>
<p>${t.scopes}</p>
<ul>
${input.scopes.map((scope) => `<li>${escapeHtml(scopeCatalogue[scope][input.locale])} <span class="muted"><code>${scope}</code></span></li>`).join('\n')}
</ul>
<p class="muted">${t.redirect} <code>${escapeHtml(redirectOrigin)}</code></p>
<form method="post" action="${escapeHtml(input.action)}">
${hidden}
<div class="actions">
<button class="allow" type="submit" name="decision" value="allow">${t.allow}</button>
<button class="deny" type="submit" name="decision" value="deny">${t.deny}</button>
</div>
</form>
<p class="muted">${t.note}</p>`,
  );
}

export function errorPage(locale: Locale, siteName: string, error: { error: string; message: string }, home: string): string {
  const t = ui[locale].consent;
  return page(
    locale,
    t.errorTitle,
    siteName,
    `<h1>${t.errorTitle}</h1>
<p>${t.errorLead}</p>
<p class="error">${t.detail} <code>${escapeHtml(error.error)}</code> ${escapeHtml(error.message)}</p>
<div class="actions"><a class="button deny" href="${escapeHtml(home)}">${t.back}</a></div>`,
  );
}

/**
 * Headers of both pages: no framing (clickjacking), no caching, no window that opened the page keeps a
 * reference to it, the form may post here and land on the client.
 */
export function pageHeaders(redirectUri?: string): Record<string, string> {
  const formAction = redirectUri ? `'self' ${new URL(redirectUri).origin}` : `'self'`;
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    // same-origin, not no-referrer: under no-referrer the browser sends `Origin: null` with the form,
    // which the authorize endpoint refuses as cross-site. The client's origin never sees the referrer.
    'Referrer-Policy': 'same-origin',
    ...isolatedPageHeaders,
  };
}
