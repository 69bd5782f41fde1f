/** POST /a2a (the A2A agent), GET /a2a (where its card is) and its preflight: their documentation (path, scope and limit: http/route-table.ts). */
import { z } from 'zod';
import { MAX_JSON_DEPTH } from '../http/body';
import { bodyLimits } from '../http/body-limits';
import type { OperationDoc } from './operation';
import { errorResponses } from './responses';

const JsonRpc = z.looseObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]).optional(), method: z.string(), params: z.unknown().optional() }).meta({ id: 'A2AJsonRpcRequest' });
const JsonRpcAnswer = z.looseObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), result: z.unknown().optional(), error: z.looseObject({ code: z.number(), message: z.string() }).optional() }).meta({ id: 'A2AJsonRpcResponse' });

export const a2a: OperationDoc = {
  operationId: 'a2a',
  summary: 'A2A agent (JSON-RPC): a question → the ranked resources of /ask',
  description: [
    'Agent2Agent over JSON-RPC with the official SDK (@a2a-js/sdk). Protocol **1.0** when the request sends',
    '`A2A-Version: 1.0` (methods `SendMessage`, `SendStreamingMessage`, `GetTask`…), **0.3** when it sends `0.3` or no',
    'header (methods `message/send`, `message/stream`…), as A2A says an absent header means 0.3. Card:',
    '`/.well-known/agent-card.json` (also at `/.well-known/agent.json`, the v0.2 location).',
    '',
    'The agent has one skill, `ask`: the text parts of the user message are the question (a data part may carry',
    '/ask fields: locale, context, meta, prefer). The reply is one agent message with a text part (the results as a numbered',
    'list) and a data part (the AskResponse of /ask). A data part with `prefer: {"mode": "conversational"}` asks for the',
    'website chat\'s short answer grounded on the top results: when the chat is configured and ASK_CONVERSATIONAL_DAILY_CAP',
    '(model answers per day for /ask and /a2a, apart from the chat\'s own cap) and the caller address\'s share of it are not spent, it leads the text and is the first',
    'result (type `chat`); otherwise `_meta.conversational` is `unavailable` with the reason. message/stream sends that message as one SSE event. Errors are',
    'JSON-RPC errors (-32700 invalid JSON, -32601 unknown method, version not supported…), HTTP 200, as the SDK answers them.',
  ].join('\n'),
  tags: ['a2a'],
  streaming: { contentType: 'text/event-stream', events: ['message'] },
  request: {
    schema: JsonRpc,
    contentTypes: ['application/json'],
    example: { jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', messageId: '9f0c…', role: 'user', parts: [{ kind: 'text', text: 'ile kosztuje strona internetowa?' }] } } },
  },
  responses: {
    200: { description: 'A JSON-RPC response (result: the agent message), or for streaming methods text/event-stream.', schema: JsonRpcAnswer },
    400: { description: `JSON nested deeper than ${MAX_JSON_DEPTH} levels (JSON-RPC error -32600).`, schema: JsonRpcAnswer },
    413: { description: `The body is larger than ${bodyLimits.a2a / 1024} KiB (JSON-RPC error body).`, schema: JsonRpcAnswer },
    ...errorResponses(['rate_limited']),
  },
};

const A2AEndpoint = z
  .object({
    name: z.string(),
    description: z.string(),
    agentCard: z.url().describe('The agent card (/.well-known/agent-card.json): skills, interfaces and, under enforcement, the OAuth scheme.'),
    endpoint: z.url(),
    protocolVersions: z.array(z.string()),
    methods: z.record(z.string(), z.array(z.string())),
    documentation: z.url(),
  })
  .meta({ id: 'A2AEndpoint' });

export const about: OperationDoc = {
  operationId: 'a2aAbout',
  summary: 'What /a2a is, for a reader: the A2A endpoint, its protocol versions and methods, and its agent card',
  description: 'Public (no token). Agents POST JSON-RPC here; a GET (a person or a crawler following a link) gets this short JSON pointing at the agent card.',
  tags: ['a2a'],
  responses: { 200: { description: 'Where the card is.', schema: A2AEndpoint } },
};

export const preflight: OperationDoc = {
  operationId: 'a2aPreflight',
  summary: 'CORS preflight for /a2a',
  tags: ['a2a'],
  responses: { 204: { description: 'Allowed: any origin, POST, Content-Type.' } },
};
