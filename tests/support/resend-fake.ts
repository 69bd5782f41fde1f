/**
 * A fake of Resend's HTTP API on loopback, for the routes the `resend` SDK calls here:
 * POST /emails, POST /contacts, GET and PATCH /contacts/:email, POST /contacts/:email/segments/:id,
 * GET /segments, POST /segments, GET /contacts and GET /segments/:id/contacts (paginated by
 * `limit` and `after`), POST /broadcasts (recorded in `broadcasts`). Same JSON shapes and error
 * body ({ statusCode, message, name }).
 * It records every request and can be told to fail (with a Resend-shaped error) or to hang.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeContact {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  unsubscribed: boolean;
  segments: Set<string>;
  created_at: string;
}

export type FakeMode = { kind: 'ok' } | { kind: 'fail'; status: number; name: string; message: string } | { kind: 'hang' };

export interface ResendFake {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  contacts: Map<string, FakeContact>;
  segments: Array<{ id: string; name: string; created_at: string }>;
  broadcasts: Array<{ id: string; body: any }>;
  /** Applies to every later request whose path starts with `prefix` (all when omitted). */
  setMode: (mode: FakeMode, prefix?: string) => void;
  reset: () => void;
  close: () => Promise<void>;
}

export async function startResendFake(apiKey = 're_test_key'): Promise<ResendFake> {
  const requests: RecordedRequest[] = [];
  const contacts = new Map<string, FakeContact>();
  const segments: ResendFake['segments'] = [];
  const broadcasts: ResendFake['broadcasts'] = [];
  let modes: Array<{ prefix: string; mode: FakeMode }> = [];
  const sockets = new Set<Socket>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, name: string, message: string) => send(response, status, { statusCode: status, message, name });

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url!, 'http://fake');
    let body: any = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return error(response, 400, 'validation_error', 'Invalid JSON');
    }
    requests.push({ method: request.method!, path: url.pathname + url.search, headers: request.headers, body });

    const mode = modes.find((entry) => url.pathname.startsWith(entry.prefix))?.mode ?? { kind: 'ok' };
    if (mode.kind === 'hang') return; // never answer; the socket is destroyed on close()
    if (mode.kind === 'fail') return error(response, mode.status, mode.name, mode.message);

    if (request.headers.authorization !== `Bearer ${apiKey}`) return error(response, 401, 'missing_api_key', 'Missing API key in the authorization header.');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);

    if (request.method === 'POST' && url.pathname === '/emails') {
      for (const field of ['from', 'to', 'subject']) {
        if (!body?.[field]) return error(response, 422, 'missing_required_field', `The \`${field}\` field is missing.`);
      }
      return send(response, 200, { id: randomUUID() });
    }
    const listed = request.method === 'GET' && (url.pathname === '/contacts' || (parts[0] === 'segments' && parts[2] === 'contacts' && parts.length === 3));
    if (listed) {
      const segmentId = parts[0] === 'segments' ? parts[1]! : undefined;
      if (segmentId && !segments.some((segment) => segment.id === segmentId)) return error(response, 404, 'not_found', 'Segment not found');
      const limit = Number(url.searchParams.get('limit') ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return error(response, 422, 'validation_error', 'The `limit` must be between 1 and 100.');
      const all = [...contacts.values()].filter((contact) => !segmentId || contact.segments.has(segmentId));
      const after = url.searchParams.get('after');
      const start = after ? all.findIndex((contact) => contact.id === after) + 1 : 0;
      const page = all.slice(start, start + limit);
      const data = page.map(({ segments: _segments, ...contact }) => ({ object: 'contact', first_name: null, last_name: null, ...contact }));
      return send(response, 200, { object: 'list', has_more: start + limit < all.length, data });
    }
    if (request.method === 'POST' && url.pathname === '/broadcasts') {
      for (const field of ['from', 'subject', 'segment_id']) {
        if (!body?.[field]) return error(response, 422, 'missing_required_field', `The \`${field}\` field is missing.`);
      }
      if (!segments.some((segment) => segment.id === body.segment_id)) return error(response, 404, 'not_found', 'Segment not found');
      const broadcast = { id: randomUUID(), body };
      broadcasts.push(broadcast);
      return send(response, 201, { id: broadcast.id });
    }
    if (request.method === 'GET' && url.pathname === '/segments') {
      return send(response, 200, { object: 'list', has_more: false, data: segments });
    }
    if (request.method === 'POST' && url.pathname === '/segments') {
      if (!body?.name) return error(response, 422, 'missing_required_field', 'The `name` field is missing.');
      const segment = { id: randomUUID(), name: String(body.name), created_at: new Date().toISOString() };
      segments.push(segment);
      return send(response, 201, { object: 'segment', id: segment.id, name: segment.name });
    }
    if (request.method === 'POST' && url.pathname === '/contacts') {
      const email = String(body?.email ?? '').toLowerCase();
      if (!email) return error(response, 422, 'missing_required_field', 'The `email` field is missing.');
      if (contacts.has(email)) return error(response, 409, 'validation_error', 'Contact already exists.');
      const wanted: string[] = (body.segments ?? []).map((segment: { id: string }) => segment.id);
      const unknown = wanted.find((id) => !segments.some((segment) => segment.id === id));
      if (unknown) return error(response, 404, 'not_found', 'Segment not found');
      const contact: FakeContact = {
        id: randomUUID(),
        email,
        first_name: body.first_name,
        last_name: body.last_name,
        unsubscribed: Boolean(body.unsubscribed),
        segments: new Set(wanted),
        created_at: new Date().toISOString(),
      };
      contacts.set(email, contact);
      return send(response, 201, { object: 'contact', id: contact.id });
    }
    if (parts[0] === 'contacts' && parts.length === 2 && request.method === 'GET') {
      const contact = contacts.get(parts[1]!.toLowerCase()) ?? [...contacts.values()].find((each) => each.id === parts[1]);
      if (!contact) return error(response, 404, 'not_found', 'Contact not found');
      const { segments: _segments, ...fields } = contact;
      return send(response, 200, { object: 'contact', ...fields, properties: {} });
    }
    if (parts[0] === 'contacts' && parts.length === 2 && request.method === 'PATCH') {
      const contact = contacts.get(parts[1]!.toLowerCase()) ?? [...contacts.values()].find((each) => each.id === parts[1]);
      if (!contact) return error(response, 404, 'not_found', 'Contact not found');
      if (typeof body?.unsubscribed === 'boolean') contact.unsubscribed = body.unsubscribed;
      return send(response, 200, { object: 'contact', id: contact.id });
    }
    if (parts[0] === 'contacts' && parts[2] === 'segments' && parts.length === 4 && request.method === 'POST') {
      const contact = contacts.get(parts[1]!.toLowerCase()) ?? [...contacts.values()].find((each) => each.id === parts[1]);
      if (!contact) return error(response, 404, 'not_found', 'Contact not found');
      if (!segments.some((segment) => segment.id === parts[3])) return error(response, 404, 'not_found', 'Segment not found');
      contact.segments.add(parts[3]!);
      return send(response, 200, { id: parts[3] });
    }
    return error(response, 404, 'not_found', 'The requested endpoint does not exist.');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    contacts,
    segments,
    broadcasts,
    setMode: (mode, prefix = '/') => {
      modes = mode.kind === 'ok' ? modes.filter((entry) => entry.prefix !== prefix) : [{ prefix, mode }, ...modes.filter((entry) => entry.prefix !== prefix)];
    },
    reset: () => {
      requests.length = 0;
      modes = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
