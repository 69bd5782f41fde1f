/**
 * Which kind of model answers the chat, from the settings alone (no model code loaded: /status/
 * and the chat status read it), and how /status/ probes it. An explicit CHAT_BASE_URL wins over the gateway: a deployment that
 * points at its own server means it.
 */
import { notConfigured, probeHttp, type Probeable } from './probe';
import type { Settings } from '../base/settings';

export type ChatProvider = 'gateway' | 'openai-compatible' | 'none';

/** The provider these settings select ('none' when the chat is switched off or nothing is set). */
export function chatProvider(settings: Settings): ChatProvider {
  if (!settings.PUBLIC_CHAT_ENABLED) return 'none';
  if (settings.CHAT_BASE_URL) return 'openai-compatible';
  if (settings.AI_GATEWAY_API_KEY) return 'gateway';
  return 'none';
}

/** What /status/ shows for the chat: the selected provider, probed through its models list. */
export function chatProbe(settings: Settings): Probeable {
  switch (chatProvider(settings)) {
    case 'openai-compatible':
      return {
        describe: () => ({ provider: 'openai-compatible', external: true }),
        probe: () => probeHttp(`${settings.CHAT_BASE_URL!.replace(/\/+$/, '')}/models`, settings.CHAT_API_KEY ? { Authorization: `Bearer ${settings.CHAT_API_KEY}` } : {}),
      };
    case 'gateway':
      return {
        describe: () => ({ provider: 'gateway', external: true }),
        probe: () => probeHttp('https://ai-gateway.vercel.sh/v1/models', { Authorization: `Bearer ${settings.AI_GATEWAY_API_KEY}` }),
      };
    case 'none':
      return notConfigured('none', settings.PUBLIC_CHAT_ENABLED ? 'no model configured: the chat answers 503' : 'PUBLIC_CHAT_ENABLED=false');
  }
}
