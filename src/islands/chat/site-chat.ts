/**
 * The AI SDK's chat client for Preact: `AbstractChat` from `ai` with a state object that tells the
 * island when to re-render (what @ai-sdk/react does for React, without the compat layer), over
 * `DefaultChatTransport`. The conversation is kept in sessionStorage for the tab's session.
 */
import { AbstractChat, DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type ChatState, type ChatStatus, type UIMessage } from 'ai';
import type { Locale } from '../../server/base/i18n';
import { routePaths } from '../../server/base/urls';

const STORAGE_KEY = 'site-chat:messages';

class ObservableState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[];
  private listeners = new Set<() => void>();

  constructor(messages: UIMessage[]) {
    this.messages = messages;
    // The AbstractChat assigns status, error and messages directly: observe the assignments.
    for (const key of ['status', 'error', 'messages'] as const) {
      let value = this[key];
      Object.defineProperty(this, key, {
        get: () => value,
        set: (next) => {
          value = next;
          this.notify();
        },
      });
    }
  }

  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)];
  };
  snapshot = <T,>(thing: T): T => structuredClone(thing);

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  private notify() {
    for (const listener of this.listeners) listener();
  }
}

function restore(): UIMessage[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? saved : [];
  } catch {
    return [];
  }
}

export class SiteChat extends AbstractChat<UIMessage> {
  private observable: ObservableState;

  constructor(locale: Locale) {
    const state = new ObservableState(restore());
    super({
      state,
      transport: new DefaultChatTransport({ api: routePaths.chat, body: { locale } }),
      // After Confirm/Cancel on an approval card, the conversation continues by itself.
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    });
    this.observable = state;
    this.subscribe(() => {
      if (this.status === 'ready' || this.status === 'error') this.save();
    });
  }

  subscribe(listener: () => void): () => void {
    return this.observable.subscribe(listener);
  }

  save(): void {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(this.messages));
    } catch {
      // Storage full or blocked: the conversation still works, it just is not kept.
    }
  }

  clear(): void {
    this.messages = [];
    this.clearError();
    sessionStorage.removeItem(STORAGE_KEY);
  }
}
