/**
 * The chat's tools: a thin adapter over the one registry (src/server/tools/registry.ts). Each tool
 * reaches the model with the same JSON Schema MCP publishes, its description in the request's
 * language, and `execute` calling the tool's `run`. Write tools wait for the person's approval
 * (the AI SDK's tool approval) and run at most once per call, even if an approval is replayed; a
 * call that was refused (rate limit, provider down) counts as not carried out.
 */
import { createHash } from 'node:crypto';
import { jsonSchema, tool as defineAiTool, type ToolSet } from 'ai';
import type { Caller } from '../http/caller';
import type { Locale } from '../base/i18n';
import { getSharedStore } from '../store';
import { jsonSchemaOf, runValidated, tools as registry, type ToolOutcome } from '../tools/registry';

/** What a tool call returns to the model and the island: the registry's outcome. */
export type ChatToolOutput = ToolOutcome;


/** How long a carried-out write call is remembered (a replayed approval must not send twice). */
const CALL_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

export interface ChatToolsContext {
  locale: Locale;
  requestId?: string;
  signal?: AbortSignal;
  caller?: Caller;
}

/** The registry's tools as an AI SDK tool set, and which of them wait for the person's approval. */
export function chatTools(context: ChatToolsContext): { tools: ToolSet; approval: Record<string, 'user-approval'> } {
  const tools: ToolSet = {};
  const approval: Record<string, 'user-approval'> = {};
  for (const registered of registry) {
    const writes = registered.needsApproval;
    if (writes) approval[registered.name] = 'user-approval';
    tools[registered.name] = defineAiTool({
      title: registered.labels[context.locale],
      description: registered.descriptions[context.locale],
      inputSchema: jsonSchema(jsonSchemaOf(registered.input, 'input') as never, {
        validate: (value) => {
          const result = registered.input.safeParse(value);
          return result.success ? { success: true, value: result.data } : { success: false, error: result.error };
        },
      }),
      execute: async (input, { toolCallId, abortSignal }): Promise<ChatToolOutput> => {
        const claim = writes ? await claimCall(registered.name, toolCallId, input) : undefined;
        if (claim === null) return { isError: true, text: 'This request was already carried out; it is not sent twice.' };
        const outcome = await runValidated(registered, input, {
          channel: 'chat',
          locale: context.locale,
          requestId: context.requestId,
          signal: abortSignal ?? context.signal,
          caller: context.caller,
        });
        // A refused call (its budget spent, the provider down) did nothing: it is reported as refused,
        // and the same approved call may be sent again rather than pass for carried out.
        if (claim && outcome.error) await getSharedStore().delete(claim);
        return outcome;
      },
    });
  }
  return { tools, approval };
}

/**
 * The claim's key for the first execution of this call (same id and arguments) across every server
 * process; null when the call was claimed already.
 */
async function claimCall(name: string, toolCallId: string, input: unknown): Promise<string | null> {
  const digest = createHash('sha256').update(JSON.stringify([name, toolCallId, input])).digest('base64url');
  const key = `chat:call:${digest}`;
  return (await getSharedStore().setIfAbsent(key, '1', CALL_MEMORY_MS)) ? key : null;
}
