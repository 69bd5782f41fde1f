/**
 * A fake OpenAI-compatible model server on loopback (the role Ollama, vLLM or LM Studio play behind
 * CHAT_BASE_URL), speaking the real Chat Completions wire format: POST /v1/chat/completions with
 * `stream: true` answers `text/event-stream` of `chat.completion.chunk` objects (content deltas,
 * `tool_calls` deltas with the arguments in pieces, a `finish_reason`, a usage chunk when
 * `stream_options.include_usage`) and `data: [DONE]`; without `stream` one `chat.completion` object;
 * GET /v1/models lists the model.
 *
 * What it answers is decided per request by a script the test sets, which sees the request as the
 * chat server sent it (messages with the system prompt, tools with their JSON Schemas).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface ModelRequest {
  model: string;
  messages: Array<{ role: string; content?: unknown; tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>; tool_call_id?: string }>;
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters: Record<string, unknown> } }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export type ModelReply =
  | { text?: string; toolCalls?: Array<{ name: string; arguments: Record<string, unknown>; id?: string }> }
  /** 500 with an OpenAI-shaped error body. */
  | { fail: number }
  /** Headers and nothing else, forever (or until the client gives up). */
  | { hang: 'before-headers' | 'after-first-chunk' }
  /** Sends a first chunk, then destroys the socket. */
  | { reset: true };

export type ModelScript = (request: ModelRequest) => ModelReply | Promise<ModelReply>;

/** The text of the last message with role "user" (string or content parts). */
export function lastUserText(request: ModelRequest): string {
  const message = [...request.messages].reverse().find((item) => item.role === 'user');
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return (message.content as Array<{ type: string; text?: string }>).filter((part) => part.type === 'text').map((part) => part.text).join('');
}

/** The last message when it is a tool result, with its tool's name (from the assistant call before it). */
export function lastToolResult(request: ModelRequest): { name: string; content: string } | undefined {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return undefined;
  const call = request.messages.flatMap((item) => item.tool_calls ?? []).find((item) => item.id === last.tool_call_id);
  const content = typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
  return { name: call?.function.name ?? '', content };
}

export interface ModelFake {
  /** Base URL as CHAT_BASE_URL wants it (ends with /v1). */
  url: string;
  requests: ModelRequest[];
  /** How many streamed answers the client closed before they ended. */
  closed(): number;
  /** How many times GET /v1/models was asked (what /status/ probes). */
  modelListRequests(): number;
  setScript(script: ModelScript): void;
  close(): Promise<void>;
}

let callCounter = 0;

export async function startModelFake(initial: ModelScript = () => ({ text: 'Hello from the fake model.' })): Promise<ModelFake> {
  let script = initial;
  const requests: ModelRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let closedEarly = 0;
  let modelLists = 0;

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' && request.url === '/v1/models') {
      modelLists++;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'test' }] }));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ModelRequest;
    requests.push(body);
    const reply = await script(body);

    if ('fail' in reply) {
      response.writeHead(reply.fail, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The fake model failed on purpose.', type: 'server_error', code: null } }));
      return;
    }
    if ('hang' in reply && reply.hang === 'before-headers') {
      hanging.add(response);
      return;
    }

    const id = `chatcmpl-${++callCounter}`;
    const created = Math.floor(Date.now() / 1000);
    const newCallId = (index: number) => `call_${callCounter}_${index}_${Math.random().toString(36).slice(2, 8)}`;

    if (!body.stream && !('hang' in reply) && !('reset' in reply)) {
      // Without `stream: true` the answer is one chat.completion object.
      const calls = reply.toolCalls ?? [];
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({
        id, object: 'chat.completion', created, model: body.model, system_fingerprint: null,
        choices: [{
          index: 0, logprobs: null, finish_reason: calls.length ? 'tool_calls' : 'stop',
          message: {
            role: 'assistant', content: reply.text ?? null, refusal: null,
            ...(calls.length ? { tool_calls: calls.map((call, index) => ({ id: call.id ?? newCallId(index), type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } })) } : {}),
          },
        }],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
      }));
      return;
    }
    const send = (choice: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
      response.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: null, choices: choice ? [{ index: 0, logprobs: null, finish_reason: null, ...choice }] : [], ...extra })}\n\n`);
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    response.on('close', () => {
      if (!response.writableFinished) closedEarly++;
    });
    send({ delta: { role: 'assistant', content: '' } });

    if ('hang' in reply) {
      hanging.add(response);
      return;
    }
    if ('reset' in reply) {
      send({ delta: { content: 'Partial ' } });
      setTimeout(() => request.socket.destroy(), 20);
      return;
    }

    // Words one by one, so the client sees a real stream.
    for (const piece of (reply.text ?? '').match(/\S+\s*/g) ?? []) send({ delta: { content: piece } });
    const calls = reply.toolCalls ?? [];
    calls.forEach((call, index) => {
      const argumentsText = JSON.stringify(call.arguments);
      const callId = call.id ?? newCallId(index);
      send({ delta: { tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] } });
      const middle = Math.ceil(argumentsText.length / 2);
      for (const piece of [argumentsText.slice(0, middle), argumentsText.slice(middle)]) {
        send({ delta: { tool_calls: [{ index, function: { arguments: piece } }] } });
      }
    });
    send({ delta: {}, finish_reason: calls.length ? 'tool_calls' : 'stop' });
    if (body.stream_options?.include_usage) send(null, { usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } });
    response.end('data: [DONE]\n\n');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    closed: () => closedEarly,
    modelListRequests: () => modelLists,
    setScript(next) {
      script = next;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
