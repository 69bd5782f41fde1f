/** The website chat's documentation: POST /api/chat and GET /api/chat/status (paths and limits: http/route-table.ts). */
import { z } from 'zod';
import { fault } from '../base/errors';
import { ChatRequest, ChatStatusResponse, chatLimits } from '../schemas/chat';
import type { OperationDoc } from './operation';
import { errorResponses, jsonBodyErrors } from './responses';
import { toolNamesByKind } from '../tools/guide';

const UiMessageStream = z
  .string()
  .describe(
    'Server-Sent Events of the AI SDK UI message stream protocol v1: each `data:` line is one JSON chunk (start, start-step, text-start, text-delta, text-end, ' +
      'tool-input-start, tool-input-delta, tool-input-available, tool-approval-request, tool-output-available, tool-output-error, tool-output-denied, finish-step, finish, error), ' +
      'the stream ends with `data: [DONE]`.',
  );

const description = [
  'The website chat assistant: answers in Polish or English from the site\'s own content, using the same tools agents use over MCP',
  `(${toolNamesByKind().reads.join(', ')}, and the write tools ${toolNamesByKind().writes.join(', ')}).`,
  '',
  '- Request: what the AI SDK chat client (`DefaultChatTransport`) sends: `messages` (UI messages, oldest first, each with `role` and at least one part) and `locale`',
  `  (\`pl\` default, or \`en\`: the answer language). Bounds: at most ${chatLimits.maxMessages} messages, ${chatLimits.maxParts} parts per message,`,
  `  ${chatLimits.maxTextLength} characters per text part, ${chatLimits.maxBodyBytes / 1024} KiB in all. \`system\` messages are ignored.`,
  '- Answer: `text/event-stream` with headers `x-sdk-ai-ui-message-stream: v1` and `x-vercel-ai-ui-message-stream: v1`, readable by any AI SDK client unmodified.',
  '- Nothing is sent on a guess: a write tool stops at a `tool-approval-request` chunk. The client answers it by sending the conversation again with the tool part in',
  '  state `approval-responded` (`approval: {id, approved, signature}` as received); only then does the call run, once. A denied call sends nothing.',
  '  Approvals are signed by the server: a made-up approval is refused.',
  '- A model that fails, stays silent longer than CHAT_MODEL_TIMEOUT_SECONDS or drops the connection ends the stream with an `error` chunk whose `errorText` is a',
  '  sentence in the request\'s language.',
  '- Limits: RATE_LIMIT_CHAT requests per minute per client (default 20), and CHAT_DAILY_REQUEST_CAP requests per day for the whole deployment (default 500;',
  '  the day is Europe/Warsaw), of which one client address (IPv6 by /64) may spend CHAT_DAILY_REQUESTS_PER_ADDRESS (default 30). Over the cap or the',
  '  address\'s share: 429 `daily_cap_reached`, retryable, with Retry-After up to the next day. One request makes at most 6 model calls and sends the',
  '  model at most 384 KiB in all; past that the answer ends with what was said so far. No model configured, or',
  '  PUBLIC_CHAT_ENABLED=false: 503 `service_unavailable`. GET /api/chat/status says which applies before you try.',
].join('\n');

export const chat: OperationDoc = {
    operationId: 'chat',
    summary: 'Talk to the website chat assistant (AI SDK UI message stream)',
    description,
    tags: ['Chat'],
    streaming: { contentType: 'text/event-stream', events: ['AI SDK UI message chunks'] },
    request: {
      schema: ChatRequest,
      contentTypes: ['application/json'],
      example: { messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Ile kosztuje strona dla fundacji?' }] }], locale: 'pl' },
    },
    responses: {
      200: {
        description: 'The answer as the AI SDK UI message stream.',
        contentType: 'text/event-stream',
        schema: UiMessageStream,
        headers: {
          'x-sdk-ai-ui-message-stream': 'Always v1 (the version of the AI SDK UI message stream protocol).',
          'x-vercel-ai-ui-message-stream': 'Always v1 (the header AI SDK clients know).',
        },
        example:
          'data: {"type":"start","messageId":"msg_1"}\n\ndata: {"type":"start-step"}\n\ndata: {"type":"text-start","id":"t1"}\n\n' +
          'data: {"type":"text-delta","id":"t1","delta":"Dzień dobry!"}\n\ndata: {"type":"text-end","id":"t1"}\n\ndata: {"type":"finish-step"}\n\n' +
          'data: {"type":"finish","finishReason":"stop"}\n\ndata: [DONE]\n\n',
      },
      ...errorResponses([...jsonBodyErrors, 'method_not_allowed', 'rate_limited', 'daily_cap_reached', 'service_unavailable'], {
        validation_failed: fault('validation_failed.chat_empty', undefined, { field: 'messages' }),
        payload_too_large: fault('payload_too_large.limit', { limit: chatLimits.maxBodyBytes }),
        daily_cap_reached: fault('daily_cap_reached.chat', { limit: 500, resetsAt: '2026-12-01T23:00:00.000Z', seconds: 3600 }),
        service_unavailable: fault('service_unavailable.chat_unconfigured'),
      }),
    },
};

export const status: OperationDoc = {
    operationId: 'getChatStatus',
    summary: 'Whether the chat assistant can answer now',
    description:
      'Enabled (PUBLIC_CHAT_ENABLED), configured (a model is set) and under today\'s cap, with the cap\'s standing and the per-minute limit. ' +
      'Nothing secret: no key, no model server address. The site\'s chat launcher hides itself when `available` is false. Not rate-limited.',
    tags: ['Chat'],
    responses: {
      200: {
        description: 'The chat\'s availability.',
        schema: ChatStatusResponse,
        example: {
          available: true, enabled: true, configured: true, provider: 'gateway',
          dailyCap: { limit: 500, remaining: 412, resetsAt: '2026-11-24T00:00:00.000+01:00' },
          rateLimitPerMinute: 20, locales: ['pl', 'en'],
        },
      },
      ...errorResponses(['method_not_allowed']),
    },
};
