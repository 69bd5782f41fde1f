/**
 * POST /api/chat and GET /api/chat/status, apart from HTTP parsing: availability, the daily cap,
 * the model call over the registry's tools, and the AI SDK UI message stream as the answer.
 */
import { randomBytes } from 'node:crypto';
import { convertToModelMessages, createUIMessageStreamResponse, streamText, toUIMessageStream, safeValidateUIMessages, type ToolSet, type UIMessage } from 'ai';
import { getCatalog } from '../catalog';
import { fault } from '../base/errors';
import type { Caller } from '../http/caller';
import { readBody } from '../http/body';
import { ChatRequest, chatLimits } from '../schemas/chat';
import { getSettings, type Settings } from '../base/settings';
import { getSharedStore } from '../store';
import { chatModel, chatProvider } from '../providers/chat-model';
import { consumeDailyBudget, siteDay } from '../store/daily-cap';
import { MAX_STEPS, modelBudget } from './model-budget';
import { streamErrorText, withDefinedErrors } from './stream-error';
import { systemPrompt } from './system-prompt';
import { chatTools } from './tools';
import { logger } from '../base/log';

export { chatProvider } from '../providers/chat-model-choice';
export { chatStatus } from './status';

/** Both header names: the documented one and the AI SDK's own (so any AI SDK client reads it unmodified). */
export const STREAM_HEADERS = { 'x-sdk-ai-ui-message-stream': 'v1', 'Cache-Control': 'no-store' } as const;

/** 503 when the chat is switched off or has no model: the island hides itself then. */
export function assertChatAvailable(settings: Settings = getSettings()): void {
  if (!settings.PUBLIC_CHAT_ENABLED) {
    throw fault('service_unavailable.chat_off');
  }
  if (chatProvider(settings) === 'none') {
    throw fault('service_unavailable.chat_unconfigured');
  }
}

/** The HMAC secret that binds approvals to this deployment, shared by every process through the store. */
async function approvalSecret(): Promise<string> {
  const store = getSharedStore();
  await store.setIfAbsent('chat:approval-secret', randomBytes(32).toString('base64url'), 30 * 24 * 60 * 60 * 1000);
  return (await store.get('chat:approval-secret')) ?? randomBytes(32).toString('base64url');
}

/** What the tools' names, descriptions and schemas add to every model call. */
function toolSchemaBytes(tools: ToolSet): number {
  return Buffer.byteLength(JSON.stringify(Object.entries(tools).map(([name, tool]) => [name, tool.description, (tool.inputSchema as { jsonSchema?: unknown }).jsonSchema])));
}

export interface ChatCall {
  request: Request;
  requestId?: string;
  /** Whose budgets the chat's tools spend (the middleware's caller). */
  caller?: Caller;
}

/** Checks, counts and answers one chat request with the UI message stream. */
export async function answerChat({ request, requestId, caller }: ChatCall): Promise<Response> {
  const settings = getSettings();
  assertChatAvailable(settings);
  const body = await readBody(request, ChatRequest, { limit: chatLimits.maxBodyBytes });
  const locale = body.locale;
  // The server writes the instructions; a client's system message is not one of them.
  const conversation = body.messages.filter((message) => message.role !== 'system') as unknown as UIMessage[];
  if (!conversation.length) throw fault('validation_failed.chat_empty', undefined, { field: 'messages' });

  const signal = request.signal;
  const { tools, approval } = chatTools({ locale, requestId, signal, caller });
  const unknown = conversation.flatMap((message) => message.parts).find((part) => part.type.startsWith('tool-') && !(part.type.slice(5) in tools));
  if (unknown) throw fault('validation_failed.chat_unknown_tool', { type: unknown.type }, { field: 'messages' });
  const checked = await safeValidateUIMessages({ messages: conversation, tools: tools as never });
  if (!checked.success) {
    throw fault('validation_failed.chat_messages', { problem: checked.error.message.split('\n')[0]! }, { field: 'messages' });
  }
  // Counted only once the request is known to be good (a malformed request costs nobody's budget).
  await consumeDailyBudget(settings.CHAT_DAILY_REQUEST_CAP, { ipKey: caller?.ipKey ?? 'unknown', limit: settings.CHAT_DAILY_REQUESTS_PER_ADDRESS });

  const catalog = await getCatalog();
  const silenceMs = settings.CHAT_MODEL_TIMEOUT_SECONDS * 1000;
  const system = systemPrompt({ locale, catalog, siteUrl: settings.SITE_URL, bookingUrl: settings.BOOKING_URL, toolNames: Object.keys(tools), today: siteDay(new Date()) });
  const budget = modelBudget(Buffer.byteLength(system) + toolSchemaBytes(tools));
  const result = streamText({
    model: chatModel(settings)!,
    system,
    messages: await convertToModelMessages(checked.data, { tools }),
    tools,
    toolApproval: approval,
    experimental_toolApprovalSecret: await approvalSecret(),
    prepareStep: budget.prepareStep,
    stopWhen: budget.stopWhen,
    // A silent model is a failed model: a bounded wait for the first chunk and between chunks.
    timeout: { totalMs: silenceMs * MAX_STEPS, firstChunkMs: silenceMs, chunkMs: silenceMs },
    maxRetries: 1,
    abortSignal: signal,
    onError: ({ error }) => logger().error({ err: error, requestId }, '[chat] model stream failed'),
  });

  return createUIMessageStreamResponse({
    headers: STREAM_HEADERS,
    stream: withDefinedErrors(
      toUIMessageStream({
        stream: result.stream,
        tools,
        originalMessages: checked.data,
        onError: (error) => streamErrorText(error, locale),
        // Tool failures already come back as results the model can act on; anything else is masked.
        redactToolErrors: true,
      }),
      locale,
      signal,
    ),
  });
}
