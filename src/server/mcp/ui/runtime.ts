/**
 * The part every MCP Apps view shares, inlined into each HTML document: the view side of the
 * MCP Apps postMessage JSON-RPC (specification 2026-01-26, as ext-apps' App class speaks it):
 * `ui/initialize` → result with hostContext → `ui/notifications/initialized`, then `tools/call`
 * through the host; answers `ping` and `ui/resource-teardown`; reports its size with
 * `ui/notifications/size-changed`; receives `ui/notifications/tool-input` / `tool-result` /
 * `host-context-changed`. Bilingual: the host's locale (BCP 47) picks pl or en.
 */
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ui } from '../../../i18n/ui';

export const APPS_PROTOCOL_VERSION = '2026-01-26';

export const runtimeScript = String.raw`
const site = (() => {
  let nextId = 1;
  const pending = new Map();
  const handlers = {};
  let locale = (navigator.language || 'pl').toLowerCase().startsWith('pl') ? 'pl' : 'en';
  const post = (message) => window.parent.postMessage(message, '*');
  function request(method, params) {
    const id = nextId++;
    post({ jsonrpc: '2.0', id, method, params });
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      setTimeout(() => { if (pending.delete(id)) reject(new Error('The host did not answer ' + method + '.')); }, 120000);
    });
  }
  const notify = (method, params) => post(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  function applyContext(context) {
    if (!context) return;
    if (typeof context.locale === 'string') locale = context.locale.toLowerCase().startsWith('pl') ? 'pl' : 'en';
    if (context.theme === 'dark' || context.theme === 'light') document.documentElement.style.colorScheme = context.theme;
    handlers.context && handlers.context(context);
  }
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id !== undefined && !message.method) {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message || 'Error ' + message.error.code));
      else waiting.resolve(message.result);
      return;
    }
    if (message.id !== undefined) {
      const known = message.method === 'ping' || message.method === 'ui/resource-teardown';
      post(known ? { jsonrpc: '2.0', id: message.id, result: {} }
                 : { jsonrpc: '2.0', id: message.id, error: { code: ${ErrorCode.MethodNotFound}, message: 'Method not found: ' + message.method } });
      return;
    }
    if (message.method === 'ui/notifications/tool-input') handlers.toolInput && handlers.toolInput((message.params && message.params.arguments) || {});
    else if (message.method === 'ui/notifications/tool-result') handlers.toolResult && handlers.toolResult(message.params || {});
    else if (message.method === 'ui/notifications/host-context-changed') applyContext(message.params);
  });
  let lastSize = '';
  function reportSize() {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    const width = Math.ceil(window.innerWidth);
    if (width + 'x' + height === lastSize) return;
    lastSize = width + 'x' + height;
    notify('ui/notifications/size-changed', { width, height });
  }
  async function connect(appName) {
    const result = await request('ui/initialize', {
      appInfo: { name: appName, version: '1.7.0' },
      appCapabilities: { availableDisplayModes: ['inline'] },
      protocolVersion: '${APPS_PROTOCOL_VERSION}',
    });
    applyContext(result && result.hostContext);
    notify('ui/notifications/initialized');
    reportSize();
    new ResizeObserver(reportSize).observe(document.documentElement);
    return result;
  }
  /** tools/call through the host; resolves with the CallToolResult (isError included). */
  const callTool = (name, args) => request('tools/call', { name, arguments: args });
  const openLink = (url) => request('ui/open-link', { url }).catch(() => window.open(url, '_blank', 'noopener'));
  function translate(strings) {
    const table = strings[locale];
    document.documentElement.lang = locale;
    for (const element of document.querySelectorAll('[data-t]')) element.textContent = table[element.dataset.t] || element.dataset.t;
    for (const element of document.querySelectorAll('[data-t-placeholder]')) element.placeholder = table[element.dataset.tPlaceholder] || '';
    return table;
  }
  return { connect, callTool, openLink, translate, handlers, get locale() { return locale; } };
})();
`;

/** Styles both views share: readable in light and dark hosts, no external fonts. */
export const baseStyles = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; padding: 16px; font-size: 15px; line-height: 1.45; }
h1 { font-size: 1.15rem; margin: 0 0 12px; }
form { display: grid; gap: 10px; }
label { display: grid; gap: 4px; font-weight: 600; }
input, textarea, select, button { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid #8889; background: transparent; color: inherit; }
textarea { min-height: 80px; resize: vertical; }
button { cursor: pointer; font-weight: 600; background: #1f5fbf; color: #fff; border-color: #1f5fbf; }
button.slot { background: transparent; color: inherit; border-color: #8889; text-align: left; }
button.slot[aria-pressed="true"] { border-color: #1f5fbf; outline: 2px solid #1f5fbf; }
button:disabled { opacity: .6; cursor: progress; }
.slots { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin-bottom: 12px; }
.status { margin-top: 12px; padding: 10px; border-radius: 8px; }
.status.ok { background: #1a7f3722; } .status.error { background: #c5221f22; }
.hint { font-weight: 400; font-size: .85rem; opacity: .8; }
[hidden] { display: none !important; }
`;

/**
 * A view's strings in both languages as a script literal: the view picks the host's language at
 * run time. `<` is escaped so no string can close the script element.
 */
export function viewStrings(view: keyof typeof ui.pl.mcpViews): string {
  return JSON.stringify({ pl: ui.pl.mcpViews[view], en: ui.en.mcpViews[view] }).replace(/</g, '\\u003c');
}

/** A whole HTML5 document around a view's body and script. */
export function appDocument(title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${baseStyles}</style>
</head>
<body>
${body}
<script>
${runtimeScript}
${script}
</script>
</body>
</html>
`;
}
