/**
 * The chat's request and status shapes. The message shape is the AI SDK's
 * UIMessage, checked here only as far as the API promises it (role, at least one part) plus our
 * bounds; the parts are checked in depth by the AI SDK against the tools' schemas.
 */
import { z } from 'zod';
import { bodyLimits } from '../http/body-limits';
import { Locale } from './common';

/**
 * Bounds on what one request may carry (each breach is a 400 naming the field; the body size a 413;
 * nesting deeper than src/server/http/body.ts MAX_JSON_DEPTH a 400 before any of this is checked).
 */
export const chatLimits = {
  /** Messages in one conversation (the client sends the whole history each turn). */
  maxMessages: 40,
  /** Characters of one text part. */
  maxTextLength: 4000,
  /** Parts of one message (text, tool calls and results, step markers). */
  maxParts: 60,
  /** Bytes of the whole body (tool results travel back with the history). */
  maxBodyBytes: bodyLimits.chat,
} as const;

const ChatUiPart = z
  .looseObject({
    type: z.string().min(1).describe('Part type: text, tool-<name>, step-start, …'),
    text: z.string().max(chatLimits.maxTextLength, `must be at most ${chatLimits.maxTextLength} characters`).optional(),
  })
  .describe('A UI message part (AI SDK UIMessage part): typically { type: "text", text }.');

export const ChatUiMessage = z
  .looseObject({
    id: z.string().max(200).optional(),
    role: z.enum(['user', 'assistant', 'system']).describe('system messages are accepted and ignored: the server writes its own instructions.'),
    parts: z.array(ChatUiPart).min(1, 'must have at least one part').max(chatLimits.maxParts),
  })
  .meta({ id: 'ChatUiMessage' });

export const ChatRequest = z
  .looseObject({
    messages: z
      .array(ChatUiMessage)
      .min(1, 'must have at least one message')
      .max(chatLimits.maxMessages, `must have at most ${chatLimits.maxMessages} messages`)
      .describe('The conversation so far as AI SDK UI messages, oldest first; the last one is usually the new user message or an approval response.'),
    locale: Locale.describe('Language of the answer: pl (default) or en.'),
  })
  .describe('What the AI SDK chat client (DefaultChatTransport) sends: it also adds id, trigger and messageId, which are accepted and ignored.')
  .meta({ id: 'ChatRequest' });
export type ChatRequest = z.output<typeof ChatRequest>;

export const ChatStatusResponse = z
  .object({
    available: z.boolean().describe('True when POST /api/chat can answer now: enabled, configured, under today\'s cap and under the asking address\'s share of it.'),
    enabled: z.boolean().describe('False when the deployment switched the chat off (PUBLIC_CHAT_ENABLED=false).'),
    configured: z.boolean().describe('True when a model is configured (AI gateway or an OpenAI-compatible server).'),
    provider: z.enum(['gateway', 'openai-compatible', 'none']).describe('Which kind of model answers (no key or address is shown).'),
    reason: z.enum(['disabled', 'not_configured', 'daily_cap_reached']).optional().describe('Why the chat is unavailable, when it is (daily_cap_reached: the deployment\'s cap or this address\'s share).'),
    dailyCap: z
      .object({
        limit: z.number().int().min(0).describe('Chat requests per day for the whole deployment (CHAT_DAILY_REQUEST_CAP).'),
        remaining: z.number().int().min(0),
        resetsAt: z.iso.datetime({ offset: true }).describe('Start of the next day in Europe/Warsaw.'),
      })
      .describe("Today's cap (the day is the site's day, Europe/Warsaw)."),
    rateLimitPerMinute: z.number().int().describe('POST /api/chat requests per minute per client (RATE_LIMIT_CHAT).'),
    locales: z.array(z.enum(['pl', 'en'])),
  })
  .meta({ id: 'ChatStatusResponse' });
export type ChatStatusResponse = z.output<typeof ChatStatusResponse>;
