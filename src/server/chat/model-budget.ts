/**
 * What one chat request may send to the model: at most MAX_STEPS calls, and at most
 * MAX_MODEL_BYTES in all. Each step resends the whole conversation with the tool results so far, so
 * a large request whose model calls a tool at every step would otherwise cost its size once per
 * step. The loop stops before a step whose prompt would pass the budget; the answer then ends with
 * what the model and the tools have said so far.
 */
import { isStepCount, type ModelMessage, type PrepareStepFunction, type StopCondition, type ToolSet } from 'ai';

/** Model steps per request: enough for lookup → answer and a few tool rounds, never a loop. */
export const MAX_STEPS = 6;

/** Bytes sent to the model per request, all steps together: three times the largest request body. */
export const MAX_MODEL_BYTES = 384 * 1024;

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

export interface ModelBudget {
  prepareStep: PrepareStepFunction<ToolSet>;
  stopWhen: Array<StopCondition<ToolSet>>;
  /** Bytes counted so far (what the log and the tests read). */
  sent(): number;
}

/**
 * `fixedBytes`: what every step sends besides the messages (the system prompt and the tools' schemas).
 * prepareStep counts each step's prompt as it goes out; the stop condition, after a step, adds the
 * step's own calls and results to its prompt to foresee the next one, and stops when that would pass
 * the budget.
 */
export function modelBudget(fixedBytes: number, maxBytes = MAX_MODEL_BYTES, maxSteps = MAX_STEPS): ModelBudget {
  let sent = 0;
  let lastPrompt = 0;
  const prepareStep: PrepareStepFunction<ToolSet> = ({ messages }: { messages: ModelMessage[] }) => {
    lastPrompt = fixedBytes + bytesOf(messages);
    sent += lastPrompt;
    return undefined;
  };
  const overBudget: StopCondition<ToolSet> = ({ steps }) => {
    const next = lastPrompt + bytesOf(steps.at(-1)?.content ?? []);
    return sent + next > maxBytes;
  };
  return { prepareStep, stopWhen: [isStepCount(maxSteps), overBudget], sent: () => sent };
}
