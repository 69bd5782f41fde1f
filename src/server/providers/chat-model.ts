/**
 * The chat's language model: an OpenAI-compatible server (CHAT_BASE_URL: Ollama, vLLM, LM Studio,
 * llama.cpp) or the AI gateway (AI_GATEWAY_API_KEY), through the AI SDK's own providers.
 */
import { createGateway } from '@ai-sdk/gateway';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Settings } from '../base/settings';

import { chatProvider } from './chat-model-choice';

export { chatProvider, type ChatProvider } from './chat-model-choice';

/**
 * fetch that gives up when the model server sends no response headers within `ms` (the AI SDK's
 * chunk timeouts start only once a response is there). The body's pace is watched by streamText.
 */
function fetchAnsweringWithin(ms: number): typeof fetch {
  return async (input, init) => {
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new DOMException(`The model server sent no answer within ${ms} ms.`, 'TimeoutError')), ms);
    try {
      return await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal });
    } finally {
      clearTimeout(timeout);
    }
  };
}

let cached: { key: string; model: LanguageModel } | undefined;

/** The language model of these settings, made once per process (undefined when there is none). */
export function chatModel(settings: Settings): LanguageModel | undefined {
  const provider = chatProvider(settings);
  if (provider === 'none') return undefined;
  const key = [provider, settings.CHAT_BASE_URL, settings.CHAT_MODEL].join('|');
  if (cached?.key === key) return cached.model;
  const model =
    provider === 'openai-compatible'
      ? createOpenAICompatible({
          name: 'chat',
          baseURL: settings.CHAT_BASE_URL!.replace(/\/+$/, ''),
          apiKey: settings.CHAT_API_KEY,
          // Token usage in the last chunk (stream_options.include_usage), for the logs.
          includeUsage: true,
          fetch: fetchAnsweringWithin(settings.CHAT_MODEL_TIMEOUT_SECONDS * 1000),
        }).chatModel(settings.CHAT_MODEL)
      : createGateway({ apiKey: settings.AI_GATEWAY_API_KEY, fetch: fetchAnsweringWithin(settings.CHAT_MODEL_TIMEOUT_SECONDS * 1000) }).languageModel(settings.CHAT_MODEL);
  cached = { key, model };
  return model;
}
