/**
 * Asks the person before a tool changes something: a modal dialog in the page's language showing
 * exactly what will be sent, with Send and Cancel. Escape or closing the dialog cancels.
 */
import type { WebMcpTool } from '../server/documents/webmcp';

const words = {
  pl: { ask: 'Asystent w przeglądarce chce wykonać działanie', send: 'Wyślij', cancel: 'Anuluj', nothing: '(bez danych)' },
  en: { ask: 'An assistant in your browser wants to do this', send: 'Send', cancel: 'Cancel', nothing: '(no data)' },
};

function text(tag: string, content: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = content;
  if (className) element.className = className;
  return element;
}

// A constructed stylesheet, adopted once: the dialog's look stays out of every page's CSS.
const css = `
.webmcp-confirm { max-width: min(32rem, calc(100vw - 2rem)); border: 1px solid #c9d1dc; border-radius: 12px; padding: 1.25rem 1.5rem; color: #16202c; background: #fff; font: 1rem/1.5 system-ui, sans-serif; box-shadow: 0 12px 40px rgb(0 0 0 / 0.25); }
.webmcp-confirm::backdrop { background: rgb(10 20 30 / 0.55); }
.webmcp-confirm p { margin: 0; color: #4a5568; font-size: 0.9rem; }
.webmcp-confirm h2 { margin: 0.25rem 0 0.75rem; font-size: 1.25rem; }
.webmcp-confirm dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; margin: 0 0 1.25rem; }
.webmcp-confirm dt { font-weight: 600; }
.webmcp-confirm dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.webmcp-confirm form { display: flex; justify-content: flex-end; gap: 0.75rem; }
.webmcp-confirm button { font: inherit; padding: 0.5rem 1.1rem; border-radius: 8px; border: 1px solid #8a96a8; background: #fff; color: inherit; cursor: pointer; }
.webmcp-confirm button.primary { background: #0b4f6c; border-color: #0b4f6c; color: #fff; }
.webmcp-confirm button:focus-visible { outline: 3px solid #f0a202; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  .webmcp-confirm { background: #17202b; color: #e8edf3; border-color: #3a4656; }
  .webmcp-confirm p { color: #aab6c5; }
  .webmcp-confirm button { background: #17202b; border-color: #6b7889; }
  .webmcp-confirm button.primary { background: #4fb3d9; border-color: #4fb3d9; color: #0b1620; }
}`;
let styled = false;
function adoptStyles() {
  if (styled) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  styled = true;
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function confirmCall(tool: WebMcpTool, input: Record<string, unknown>, locale: 'pl' | 'en'): Promise<boolean> {
  adoptStyles();
  const t = words[locale];
  const dialog = document.createElement('dialog');
  dialog.className = 'webmcp-confirm';
  dialog.setAttribute('aria-labelledby', 'webmcp-confirm-title');
  const title = text('h2', tool.labels[locale]);
  title.id = 'webmcp-confirm-title';
  const list = document.createElement('dl');
  const entries = Object.entries(input).filter(([, value]) => value !== undefined && value !== '');
  for (const [name, value] of entries) list.append(text('dt', name), text('dd', shown(value)));
  if (!entries.length) list.append(text('dd', t.nothing));
  const form = document.createElement('form');
  form.method = 'dialog';
  const cancel = text('button', t.cancel) as HTMLButtonElement;
  cancel.value = 'cancel';
  const send = text('button', t.send) as HTMLButtonElement;
  send.value = 'send';
  send.className = 'primary';
  form.append(cancel, send);
  dialog.append(text('p', t.ask), title, list, form);
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'send');
      dialog.remove();
    });
    dialog.showModal();
    cancel.focus();
  });
}
