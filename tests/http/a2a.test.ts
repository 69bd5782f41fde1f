/**
 * A2A at /a2a against the built server, with the official SDK's client (@a2a-js/sdk): it resolves the
 * agent card, sends a question (message/send) and streams one (message/stream), and reads /ask's
 * ranked resources as a text part and a data part. A v0.3 request (no A2A-Version header) is answered
 * in the v0.3 wire shape; both card locations are read by the SDK's own card model.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AgentCard, Role, type Message, type Part } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, createAuthenticatingFetchWithRetry, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AskResponse } from '../../src/server/schemas/ask';
import { allowInBrowser, REDIRECT_URI, startOAuthServer } from '../support/oauth';
import { startModelFake } from '../support/openai-fake';
import { freePort } from '../support/ports';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let site: string;
beforeAll(async () => {
  // The card names absolute URLs from SITE_URL: let it be this server's own address.
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  server = await startServer({ PORT: String(port), SITE_URL: site });
});
afterAll(() => server?.stop());

const question = (text: string): Message => ({
  messageId: randomUUID(),
  contextId: '',
  taskId: '',
  role: Role.ROLE_USER,
  parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});
const textOf = (parts: Part[]) => parts.filter((part) => part.content?.$case === 'text').map((part) => part.content!.value as string).join('\n');
/** A question whose data part asks for /ask's conversational mode. */
const conversational = (text: string): Message => {
  const message = question(text);
  message.parts.push({ content: { $case: 'data', value: { prefer: { mode: 'conversational' } } }, metadata: undefined, filename: '', mediaType: 'application/json' });
  return message;
};
const dataOf = (parts: Part[]) => AskResponse.parse(parts.find((part) => part.content?.$case === 'data')!.content!.value);

describe('A2A at /a2a', () => {
  it('serves a card the SDK reads, at both locations, pointing at /a2a for protocols 1.0 and 0.3', async () => {
    for (const path of ['/.well-known/agent-card.json', '/.well-known/agent.json']) {
      const json = await (await fetch(`${site}${path}`)).json();
      const card = new DefaultAgentCardResolver().normalizeAgentCard(json);
      expect(card.supportedInterfaces.map((item) => [item.url, item.protocolBinding, item.protocolVersion])).toEqual([
        [`${site}/a2a`, 'JSONRPC', '1.0'],
        [`${site}/a2a`, 'JSONRPC', '0.3'],
      ]);
      expect(AgentCard.fromJSON(json).skills.map((skill) => skill.id)).toEqual(['ask']);
      expect(card.capabilities?.streaming).toBe(true);
      // v0.3 readers
      expect(json).toMatchObject({ url: `${site}/a2a`, protocolVersion: '0.3.0', preferredTransport: 'JSONRPC' });
    }
  });

  it('answers message/send with the ranked resources of /ask: text and data parts', async () => {
    const client = await new ClientFactory().createFromUrl(site);
    const result = await client.sendMessage({ tenant: '', message: question('ile kosztuje strona internetowa?'), configuration: undefined, metadata: undefined });
    expect('parts' in result).toBe(true);
    const message = result as Message;
    expect(message.role).toBe(Role.ROLE_AGENT);
    const data = dataOf(message.parts);
    // A plain question is /ask's plain answer: no conversational mode unless the caller asks for it.
    const direct = AskResponse.parse(await (await fetch(`${site}/ask?query=${encodeURIComponent('ile kosztuje strona internetowa?')}`)).json());
    expect(data._meta.conversational).toBeUndefined();
    expect(data).toEqual(direct);
    expect(data.results[0]?.id).toBe('pricing:pl:cennik#websites');
    expect(textOf(message.parts)).toContain(`1. ${data.results[0]!.title} — ${data.results[0]!.url}`);
  });

  it('says when nothing answers for certain, and lists the nearest pages as guesses', async () => {
    const client = await new ClientFactory().createFromUrl(site);
    const send = async (text: string) => textOf(((await client.sendMessage({ tenant: '', message: question(text), configuration: undefined, metadata: undefined })) as Message).parts);
    const offTopic = await send('how long do I boil an egg for a salad');
    expect(offTopic).toMatch(/^(Nothing on the site answers this for certain; the nearest pages:\n1\. |Nothing on the site answers this question\.$)/);
    const onTopic = await send('ile kosztuje strona internetowa?');
    expect(onTopic).toMatch(/^1\. /);
  });

  it('streams the same answer with message/stream', async () => {
    const client = await new ClientFactory().createFromUrl(site);
    const events = [];
    for await (const event of client.sendMessageStream({ tenant: '', message: question('password manager for a small team'), configuration: undefined, metadata: undefined })) events.push(event);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload?.$case).toBe('message');
    const message = events[0]!.payload!.value as Message;
    const data = dataOf(message.parts);
    expect(data._meta.locale).toBe('en');
    expect(data.results[0]?.id).toBe('article:en:mfa-and-password-managers');
  });

  it('answers a v0.3 request (no A2A-Version header) in the v0.3 shape', async () => {
    const response = await fetch(`${site}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'message/send', params: { message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'jak się z wami skontaktować' }] } } }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, result: { kind: 'message', role: 'agent' } });
    const data = body.result.parts.find((part: { kind: string }) => part.kind === 'data').data;
    expect(AskResponse.parse(data).results[0]?.id).toBe('contact:pl');
  });

  it("leads with the website chat's answer when asked for conversational mode, spending a cap of its own, never the chat's", async () => {
    const model = await startModelFake(() => ({ text: 'We make websites for foundations; see the pricing.' }));
    const port = await freePort();
    const chatSite = `http://127.0.0.1:${port}`;
    const withChat = await startServer({
      PORT: String(port), SITE_URL: chatSite, CHAT_BASE_URL: model.url, CHAT_MODEL: 'fake-model',
      CHAT_DAILY_REQUEST_CAP: '1', ASK_CONVERSATIONAL_DAILY_CAP: '1',
    });
    try {
      const client = await new ClientFactory().createFromUrl(chatSite);
      const send = async (message: Message) => (await client.sendMessage({ tenant: '', message, configuration: undefined, metadata: undefined })) as Message;
      // A plain question never calls the model.
      expect(dataOf((await send(question('how much is a website for a foundation?'))).parts)._meta.conversational).toBeUndefined();
      expect(model.requests.length).toBe(0);
      const message = await send(conversational('how much is a website for a foundation?'));
      const data = dataOf(message.parts);
      expect(data._meta.conversational).toBe('answered');
      expect(data.results[0]).toMatchObject({ type: 'chat', summary: 'We make websites for foundations; see the pricing.' });
      const text = textOf(message.parts);
      expect(text.startsWith('We make websites for foundations; see the pricing.\n\n1. ')).toBe(true);
      // The resources follow, numbered from the first page (the chat result is the lead, not item 1).
      expect(text).toContain(`1. ${data.results[1]!.title} — ${data.results[1]!.url}`);
      expect(model.requests.length).toBe(1);
      // The machines' cap is spent (1 a day here): the next one says so, and the visitors' chat is untouched.
      const capped = dataOf((await send(conversational('and for an association?'))).parts);
      expect(capped._meta).toMatchObject({ conversational: 'unavailable', conversationalReason: 'daily_cap_reached' });
      expect(model.requests.length).toBe(1);
      const status = await (await fetch(`${chatSite}/api/chat/status`)).json();
      expect(status.dailyCap).toMatchObject({ limit: 1, remaining: 1 });
    } finally {
      await withChat.stop();
      await model.close();
    }
  });

  it('answers JSON-RPC errors as JSON-RPC: bad JSON, unknown method, unsupported version', async () => {
    const call = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${site}/a2a`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    expect((await (await call('{')).json()).error.code).toBe(-32700);
    expect((await (await call(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'nope', params: {} }), { 'A2A-Version': '1.0' })).json()).error.code).toBe(-32601);
    const unsupported = await (await call(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'SendMessage', params: {} }), { 'A2A-Version': '9.9' })).json();
    expect(unsupported.error).toBeDefined();
  });

  it('answers a reader\'s GET /a2a with where the card is, as /llms.txt links it', async () => {
    const response = await fetch(`${site}/a2a`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ agentCard: `${site}/.well-known/agent-card.json`, endpoint: `${site}/a2a`, protocolVersions: ['1.0', '0.3'] });
    expect((await fetch(body.agentCard)).status).toBe(200);
    const llms = await (await fetch(`${site}/llms.txt`)).text();
    expect(llms).toMatch(/\]\(https?:\/\/[^)]+\/a2a\)/);
  });
});

describe('A2A under OAUTH_ENFORCEMENT=write', () => {
  it('the SDK client authenticates from what the card says: scheme, flow URLs, scope, metadata; nothing known beforehand', async () => {
    const secured = await startOAuthServer({ OAUTH_ENFORCEMENT: 'write' });
    try {
      const send = (client: Awaited<ReturnType<ClientFactory['createFromUrl']>>) =>
        client.sendMessage({ tenant: '', message: question('ile kosztuje strona internetowa?'), configuration: undefined, metadata: undefined });
      // Without a token: refused.
      await expect(send(await new ClientFactory().createFromUrl(secured.url))).rejects.toThrow();

      // The card as the SDK's resolver asks for it (A2A-Version: 1.0), in the SDK's own v1.0 model.
      const card = AgentCard.fromJSON(await (await fetch(`${secured.url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })).json());
      const [requirement] = card.securityRequirements;
      const [schemeName, scopes] = Object.entries(requirement!.schemes)[0]!;
      const scheme = card.securitySchemes[schemeName]!.scheme!;
      expect(scheme.$case).toBe('oauth2SecurityScheme');
      const oauth2 = scheme.value as { oauth2MetadataUrl: string; flows?: { flow?: { $case: string; value: { authorizationUrl: string; tokenUrl: string } } } };
      expect(oauth2.flows!.flow!.$case).toBe('authorizationCode');
      const flow = oauth2.flows!.flow!.value;

      let runs = 0;
      let token: string | undefined;
      // What an agent host does on a 401: the flow the card names, with a person pressing Allow.
      const obtainToken = async () => {
        runs++;
        const metadata = await (await fetch(oauth2.oauth2MetadataUrl)).json();
        const registered = await (await fetch(metadata.registration_endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ client_name: 'A2A test agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }),
        })).json();
        const verifier = randomBytes(32).toString('base64url');
        const url = new URL(flow.authorizationUrl);
        url.search = new URLSearchParams({
          response_type: 'code', client_id: registered.client_id, redirect_uri: REDIRECT_URI, scope: scopes.list.join(' '), state: 'a2a-state',
          code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
        }).toString();
        const callback = await allowInBrowser(url);
        const answer = await (await fetch(flow.tokenUrl, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: REDIRECT_URI, client_id: registered.client_id, code_verifier: verifier }),
        })).json();
        token = answer.access_token;
        return { Authorization: `Bearer ${token}` };
      };
      const fetchImpl = createAuthenticatingFetchWithRetry(fetch, {
        headers: async (): Promise<Record<string, string>> => (token ? { Authorization: `Bearer ${token}` } : {}),
        shouldRetryWithHeaders: async (_request, response) => (response.status === 401 ? obtainToken() : undefined),
      });
      const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new JsonRpcTransportFactory({ fetchImpl })] }));
      const client = await factory.createFromAgentCard(card);
      const message = (await send(client)) as Message;
      expect(dataOf(message.parts).results[0]?.id).toBe('pricing:pl:cennik#websites');
      expect(decodeJwt(token!).scope).toBe('ask:query');
      // The token is kept: the next question needs no new flow.
      await send(client);
      expect(runs).toBe(1);
    } finally {
      await secured.stop();
    }
  });
});
