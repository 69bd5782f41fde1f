/** GET /api/chat/status: whether the chat can answer now, from the settings and today's cap (no model code loaded). */
import { limitOf } from '../http/rate-limit';
import type { ChatStatusResponse } from '../schemas/chat';
import { getSettings, type Settings } from '../base/settings';
import { chatProvider } from '../providers/chat-model-choice';
import { peekDailyCap } from '../store/daily-cap';

export async function chatStatus(settings: Settings = getSettings()): Promise<ChatStatusResponse> {
  const provider = chatProvider(settings);
  const cap = await peekDailyCap(settings.CHAT_DAILY_REQUEST_CAP);
  const reason = !settings.PUBLIC_CHAT_ENABLED ? 'disabled' : provider === 'none' ? 'not_configured' : cap.remaining <= 0 ? 'daily_cap_reached' : undefined;
  return {
    available: !reason,
    enabled: settings.PUBLIC_CHAT_ENABLED,
    configured: provider !== 'none',
    provider,
    ...(reason ? { reason } : {}),
    dailyCap: { limit: cap.limit, remaining: cap.remaining, resetsAt: cap.resetsAt.toISOString() },
    rateLimitPerMinute: limitOf('chat', settings),
    locales: ['pl', 'en'],
  };
}
