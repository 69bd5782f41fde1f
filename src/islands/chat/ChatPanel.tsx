/**
 * The chat panel: the conversation (streamed text, tool results, approval cards), a live status
 * line, stop / retry, and the message box. A non-modal dialog: Escape closes it and the focus goes
 * back to the launcher; opening puts the focus in the message box.
 */
import type { UIMessage } from 'ai';
import { useEffect, useRef, useState } from 'preact/hooks';
import { paths } from '../../server/base/urls';
import { PlainText, RichText } from './rich-text';
import type { SiteChat } from './site-chat';
import type { Strings as Catalogue } from '../../i18n/catalogue';
import { fill } from '../../i18n/fill';
import type { Locale } from '../../server/base/i18n';
import { ToolPart, type ToolPartView } from './tool-part';

type Strings = Catalogue<'chat'>;

/** The ErrorResponse code of a refused request (the transport's error message is the response body). */
function errorCode(error: Error): string | undefined {
  try {
    return (JSON.parse(error.message) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** What went wrong, in the page's language: an ErrorResponse's code, a stream error's sentence, or the network. */
function describeError(error: Error, t: Strings): string {
  const code = errorCode(error);
  if (code) return code in t.errors ? t.errors[code as keyof Strings['errors']] : t.errors.other;
  if (error instanceof TypeError || /fetch|network/i.test(error.message)) return t.errors.offline;
  // A stream error's text is already a sentence in the chat's language (written by the server).
  return error.message || t.errors.other;
}

/** Errors that a retry now cannot fix: offer the contact page instead. */
const final = new Set(['daily_cap_reached', 'service_unavailable', 'payload_too_large']);

function pendingApproval(message: UIMessage | undefined): boolean {
  return Boolean(message?.parts.some((part) => (part as ToolPartView).state === 'approval-requested'));
}

export interface ChatPanelProps {
  chat: SiteChat;
  locale: Locale;
  /** The chat's words in the page's language. */
  strings: Strings;
  onClose: () => void;
  /** A question to send right away (the /ask "open in chat" link). */
  question?: string;
  /** What happens to the questions, with the privacy policy's link (from the page). */
  privacy?: { text: string; link: string; href: string };
}

export function ChatPanel({ chat, locale, strings: t, onClose, question, privacy }: ChatPanelProps) {
  const [, setVersion] = useState(0);
  const [draft, setDraft] = useState('');
  const [stopped, setStopped] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => chat.subscribe(() => setVersion((version) => version + 1)), [chat]);
  // Escape closes from inside the panel, or when the focus fell back to the page body (a card that
  // was answered disappears with its focused button).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const focus = document.activeElement;
      if (event.key === 'Escape' && (!focus || focus === document.body || panel.current?.contains(focus))) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => {
    input.current?.focus();
    if (question) void chat.sendMessage({ text: question });
  }, []);

  const messages = chat.messages;
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const last = messages.at(-1);
  const waitingForApproval = !busy && pendingApproval(last);

  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, chat.status]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    setStopped(false);
    void chat.sendMessage({ text: trimmed });
    setDraft('');
  };

  const status = busy ? t.thinking : waitingForApproval ? t.confirmNeeded : stopped ? t.stopped : '';

  return (
    <section class="sc-panel" role="dialog" aria-modal="false" aria-labelledby="sc-title" ref={panel}>
      <header class="sc-header">
        <h2 id="sc-title">{t.title}</h2>
        {messages.length > 0 && !busy && (
          <button type="button" class="sc-text-button" onClick={() => chat.clear()}>{t.clear}</button>
        )}
        <button type="button" class="sc-close" aria-label={t.close} onClick={onClose}>×</button>
      </header>
      <div class="sc-log" ref={log} role="log" aria-live="polite" aria-busy={busy} aria-label={t.title}>
        {messages.length === 0 && <p class="sc-intro">{t.intro}</p>}
        {messages.map((message, index) => (
          <div class={`sc-message sc-${message.role}`} key={message.id}>
            <span class="sc-visually-hidden">{message.role === 'user' ? t.you : t.assistant}: </span>
            {message.parts.map((part) => {
              if (part.type === 'text') {
                const text = (part as { text: string }).text;
                // What the visitor typed (or a ?chat= link put in their mouth) is never markup.
                return <div class="sc-text">{message.role === 'user' ? <PlainText text={text} /> : <RichText text={text} />}</div>;
              }
              if (part.type.startsWith('tool-')) {
                return (
                  <ToolPart
                    part={part as unknown as ToolPartView}
                    t={t}
                    locale={locale}
                    active={index === messages.length - 1 && !busy}
                    onApprove={(id, approved) => {
                      void chat.addToolApprovalResponse({ id, approved });
                      // The card's buttons go away: keep the focus in the panel, on the message box.
                      input.current?.focus();
                    }}
                    onPickSlot={(label, start) => send(fill(t.pickMessage, { label, start }))}
                  />
                );
              }
              return null;
            })}
          </div>
        ))}
        {chat.error && (
          <div class="sc-card sc-problem" role="alert">
            <p>{describeError(chat.error, t)}</p>
            {final.has(errorCode(chat.error) ?? '') ? (
              <a href={paths.contact(locale)}>{t.contactLink}</a>
            ) : (
              <button type="button" class="sc-button sc-secondary" onClick={() => void chat.regenerate()}>{t.retry}</button>
            )}
          </div>
        )}
      </div>
      <p class="sc-status" role="status" aria-live="polite">{status}</p>
      <form
        class="sc-form"
        onSubmit={(event) => {
          event.preventDefault();
          send(draft);
        }}
      >
        <label class="sc-visually-hidden" for="sc-input">{t.input}</label>
        <textarea
          id="sc-input"
          ref={input}
          rows={2}
          maxLength={4000}
          value={draft}
          placeholder={t.input}
          onInput={(event) => setDraft((event.target as HTMLTextAreaElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send(draft);
            }
          }}
        />
        {busy ? (
          <button type="button" class="sc-button" onClick={() => { setStopped(true); void chat.stop(); }}>{t.stop}</button>
        ) : (
          <button type="submit" class="sc-button" disabled={!draft.trim() || waitingForApproval}>{t.send}</button>
        )}
      </form>
      {privacy && (
        <p class="sc-privacy" data-testid="form-privacy">
          {privacy.text} <a href={privacy.href}>{privacy.link}</a>.
        </p>
      )}
    </section>
  );
}
