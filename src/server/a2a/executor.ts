/**
 * The A2A agent's work: a user message → /ask's answer, published as one agent Message with a text
 * part (the ranked resources as a numbered list) and a data part (the AskResponse itself). The same
 * for message/send and message/stream (the stream then carries that one message).
 *
 * A caller that asks for /ask's conversational mode (a data part with `prefer: { mode: "conversational" }`)
 * gets, when the website chat is configured, its short grounded answer leading the text part (the
 * ranked resources follow) and as the data part's first result (type "chat"); otherwise the reply is
 * the resources alone and `_meta.conversational` says why. Model calls spend /ask's conversational
 * daily cap, never the website chat's, and the caller's address its share of it; a plain question
 * costs no model call at all.
 */
import { randomUUID } from 'node:crypto';
import { Role, type Message, type Part } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { ui } from '../../i18n/ui';
import { ask } from '../ask';
import { toAppError } from '../base/errors';
import { CONFIDENT } from '../ask/engine';
import type { Caller } from '../http/caller';
import { AskRequest, type AskResponse } from '../schemas/ask';

/** Where handleA2a leaves the request's caller in the SDK's call context. */
export const CALLER_STATE_KEY = 'site:caller';

function questionOf(message: Message): { text: string; fields: Record<string, unknown> } {
  const text = message.parts
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .join('\n')
    .trim();
  const data = message.parts.find((part) => part.content?.$case === 'data')?.content?.value;
  const fields = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  return { text, fields };
}

function listOf(answer: AskResponse): string {
  if (answer.results.length === 0) {
    return ui[answer._meta.locale === 'pl' ? 'pl' : 'en'].a2a.nothing;
  }
  const list = answer.results.map((result, index) => `${index + 1}. ${result.title} — ${result.url}\n   ${result.summary}`).join('\n');
  if (answer.results.some((result) => result.confidence >= CONFIDENT)) return list;
  // Guesses only: say so, so an agent does not pass them on as the answer.
  const unsure = ui[answer._meta.locale === 'pl' ? 'pl' : 'en'].a2a.unsure;
  return `${unsure}\n${list}`;
}

const part = (content: Part['content']): Part => ({ content, metadata: undefined, filename: '', mediaType: '' });

function agentMessage(context: RequestContext, parts: Part[]): Message {
  return { messageId: randomUUID(), contextId: context.contextId, taskId: '', role: Role.ROLE_AGENT, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
}

export function createAskExecutor(): AgentExecutor {
  return {
    async execute(context: RequestContext, bus: ExecutionEventBus) {
      const { text, fields } = questionOf(context.userMessage);
      // The data part may carry /ask's own fields; the text parts are the question.
      const parsed = AskRequest.safeParse({ ...fields, query: { ...(typeof fields.query === 'object' ? fields.query : {}), text: text || (typeof fields.query === 'string' ? fields.query : '') } });
      if (!parsed.success) {
        // Not a protocol error: the agent says what it needs, as a reply.
        const issue = parsed.error.issues[0]!;
        bus.publish(AgentEvent.message(agentMessage(context, [part({ $case: 'text', value: `Send a question in a text part, in Polish or English (${issue.path.join('.') || 'query'}: ${issue.message}).` })])));
        bus.finished();
        return;
      }
      let answer: AskResponse;
      try {
        answer = await ask(parsed.data, {}, undefined, context.context?.state.get(CALLER_STATE_KEY) as Caller | undefined);
      } catch (error) {
        // The SDK fails the task with the thrown message: the catalogue's words (storage_unavailable…), never an internal one.
        throw toAppError(error, 'a2a');
      }
      const [first, ...others] = answer.results;
      const reply = first?.type === 'chat' ? `${first.summary}\n\n${listOf({ ...answer, results: others })}` : listOf(answer);
      bus.publish(AgentEvent.message(agentMessage(context, [part({ $case: 'text', value: reply }), { ...part({ $case: 'data', value: answer }), mediaType: 'application/json' }])));
      bus.finished();
    },
    // A question is answered at once: there is no running task to cancel.
    async cancelTask() {},
  };
}
