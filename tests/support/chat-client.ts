/**
 * The AI SDK's own chat client in Node: `AbstractChat` (the class behind useChat and the island)
 * over `DefaultChatTransport`, with the plain state the SDK's framework bindings replace.
 */
import { AbstractChat, DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type ChatState, type ChatStatus, type UIMessage } from 'ai';

class PlainState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: UIMessage[] = [];
  pushMessage = (message: UIMessage) => void this.messages.push(message);
  popMessage = () => void this.messages.pop();
  replaceMessage = (index: number, message: UIMessage) => void (this.messages[index] = message);
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

export class NodeChat extends AbstractChat<UIMessage> {
  constructor(baseUrl: string, locale: 'pl' | 'en' = 'en', headers: Record<string, string> = {}) {
    super({
      state: new PlainState(),
      transport: new DefaultChatTransport({ api: `${baseUrl}/api/chat`, body: { locale }, headers }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    });
  }

  /** Resolves once the chat is idle again (after automatic follow-up requests too). */
  async settled(timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    while (this.status === 'submitted' || this.status === 'streaming') {
      if (Date.now() > until) throw new Error(`chat still ${this.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  lastAssistant(): UIMessage | undefined {
    return this.messages.findLast((message) => message.role === 'assistant');
  }
}

/** Tool parts of a message (static tools are `tool-<name>`). */
export function toolParts(message: UIMessage | undefined): Array<Record<string, any> & { type: string; state: string; toolCallId: string }> {
  return (message?.parts ?? []).filter((part) => part.type.startsWith('tool-')) as never;
}

export function textOf(message: UIMessage | undefined): string {
  return (message?.parts ?? []).filter((part) => part.type === 'text').map((part) => (part as { text: string }).text).join('');
}
