/** The registry's readiness for the chat and OAuth: approval, descriptions in both languages, the caller's auth and signal. */
import { describe, expect, it } from 'vitest';
import { toolAuthOf } from '../../src/server/mcp/server';
import { SCOPES } from '../../src/server/base/scopes';
import { MCP_SCOPES as TOOL_SCOPES } from '../../src/server/base/scopes';
import { chatTools } from '../../src/server/chat/tools';
import { resetSettingsForTests } from '../../src/server/base/settings';
import { getTool, runValidated, tools, type ToolContext, type ToolOutcome } from '../../src/server/tools/registry';

const writeTools = ['contact_submit', 'service_inquiry_submit', 'consultation_book', 'newsletter_subscribe', 'newsletter_unsubscribe'];

/** The `code` spans of a description: argument and field names, tool names, values. */
const codeSpans = (text: string) => new Set([...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]));

describe('needsApproval', () => {
  it('is true exactly for the tools that send, book or change something', () => {
    expect(tools.filter((tool) => tool.needsApproval).map((tool) => tool.name).sort()).toEqual([...writeTools].sort());
    for (const tool of tools) expect(tool.needsApproval, tool.name).toBe(!tool.annotations.readOnlyHint);
  });
});

describe('descriptions', () => {
  it('exist in Polish and English, and the published description is the English one', () => {
    for (const tool of tools) {
      expect(tool.descriptions.en.length, tool.name).toBeGreaterThan(80);
      expect(tool.descriptions.pl.length, tool.name).toBeGreaterThan(80);
      expect(tool.descriptions.pl, tool.name).not.toBe(tool.descriptions.en);
      expect(tool.description, tool.name).toBe(tool.descriptions.en);
      // Written in Polish, not a copy of the English text.
      expect(tool.descriptions.pl, tool.name).toMatch(/[ąćęłńóśźż]/);
    }
  });

  it('name the same arguments, values and tools in both languages', () => {
    for (const tool of tools) expect(codeSpans(tool.descriptions.pl), tool.name).toEqual(codeSpans(tool.descriptions.en));
  });

  it('keep the booking flow and the tool names in Polish too', () => {
    expect(getTool('consultation_availability')!.descriptions.pl).toMatch(/wybra.*potwierdzi.*consultation_book/s);
    expect(getTool('consultation_book')!.descriptions.pl).toMatch(/consultation_availability/);
    expect(getTool('consultation_book')!.descriptions.pl).toMatch(/link_only/);
  });
});

describe('the caller in ToolContext', () => {
  it('turns the SDK AuthInfo into the registry auth (subject from sub, known scopes only)', () => {
    expect(toolAuthOf(undefined)).toBeUndefined();
    expect(toolAuthOf({ token: 't', clientId: 'agent-1', scopes: ['mcp:read', 'made:up', 'mcp:tools:booking'], extra: { sub: 'person-9' } })).toEqual({
      clientId: 'agent-1',
      subject: 'person-9',
      scopes: ['mcp:read', 'mcp:tools:booking'],
    });
    expect(toolAuthOf({ token: 't', clientId: 'service', scopes: [] })?.subject).toBe('service');
  });

  it('reaches the tool unchanged (auth and signal)', async () => {
    const seen: ToolContext[] = [];
    const probe = { ...getTool('services_list')!, run: async (_input: unknown, context: ToolContext) => (seen.push(context), { data: { ok: true }, text: 'ok' }) };
    const controller = new AbortController();
    const context: ToolContext = { channel: 'chat', locale: 'pl', signal: controller.signal, auth: { clientId: 'c', subject: 's', scopes: ['mcp:read'] } };
    const outcome = await runValidated(probe as never, { locale: 'pl' }, context);
    expect(outcome).toEqual({ data: { ok: true }, text: 'ok', isError: false });
    expect(seen[0]).toBe(context);
  });

  it('declares tool scopes from the scope catalogue', () => {
    expect(TOOL_SCOPES).toEqual(SCOPES.filter((scope) => scope.startsWith('mcp:')));
    for (const tool of tools) expect(TOOL_SCOPES, tool.name).toContain(tool.scope);
  });
});

describe("the chat's tools spend the caller's budgets", () => {
  it('refuses newsletter_subscribe once the caller has spent the subscribe family, and only for that caller', async () => {
    // Mail off: a call that gets past its budget ends in not_configured, one that does not in rate_limited.
    Object.assign(process.env, { RATE_LIMIT_SUBSCRIBE: '2', MAIL_PROVIDER: 'off' });
    resetSettingsForTests();
    try {
      const subscribe = chatTools({ locale: 'en', caller: { ipKey: '192.0.2.1' } }).tools.newsletter_subscribe!;
      const other = chatTools({ locale: 'en', caller: { ipKey: '192.0.2.2' } }).tools.newsletter_subscribe!;
      const run = (tool: typeof subscribe, call: number) =>
        tool.execute!({ email: 'reader@example.org', consent: true } as never, { toolCallId: `call-${call}`, messages: [] } as never) as Promise<ToolOutcome>;
      const outcomes = [await run(subscribe, 1), await run(subscribe, 2), await run(subscribe, 3), await run(other, 4)];
      expect(outcomes.map((outcome) => outcome.error?.code)).toEqual(['not_configured', 'not_configured', 'rate_limited', 'not_configured']);
    } finally {
      delete process.env.RATE_LIMIT_SUBSCRIBE;
      delete process.env.MAIL_PROVIDER;
      resetSettingsForTests();
    }
  });
});
