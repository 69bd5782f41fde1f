/**
 * Loaded only when the visitor opens the chat: mounts the panel beside the launcher and returns
 * the controls the launcher needs (open, close).
 */
import { render } from 'preact';
import { ChatPanel } from './ChatPanel';
import { SiteChat } from './site-chat';
import type { Strings } from '../../i18n/catalogue';
import type { Locale } from '../../server/base/i18n';
// The panel's CSS travels inside this chunk, adopted as a constructed stylesheet on first open: nothing
// else to fetch, and no inline <style> for the Content-Security-Policy to refuse.
import css from './chat.css?inline';

export interface ChatControls {
  open(question?: string): void;
  close(): void;
  isOpen(): boolean;
}

export function mountChat(root: HTMLElement, launcher: HTMLButtonElement, locale: Locale): ChatControls {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const chat = new SiteChat(locale);
  const container = document.createElement('div');
  container.className = 'sc-container';
  root.append(container);
  let opened = false;

  const close = () => {
    opened = false;
    render(null, container);
    launcher.setAttribute('aria-expanded', 'false');
    launcher.hidden = false;
    launcher.focus();
  };
  const open = (question?: string) => {
    opened = true;
    launcher.setAttribute('aria-expanded', 'true');
    launcher.hidden = true;
    const { privacyText = '', privacyLink = '', privacyHref = '' } = root.dataset;
    const strings = JSON.parse(root.dataset.strings!) as Strings<'chat'>;
    const privacy = privacyText ? { text: privacyText, link: privacyLink, href: privacyHref } : undefined;
    render(<ChatPanel chat={chat} locale={locale} strings={strings} onClose={close} question={question} privacy={privacy} />, container);
  };
  return { open, close, isOpen: () => opened };
}
