/**
 * GET /api/chat/status: whether the chat can answer now, from the settings, today's cap and the
 * caller's address's share of it (no model code loaded).
 */
import type { Caller } from '../http/caller';
import { limitOf } from '../http/rate-limit';
import type { ChatStatusResponse } from '../schemas/chat';
import { getSettings, type Settings } from '../base/settings';
import { chatProvider } from '../providers/chat-model-choice';
import { addressShareSpent, peekDailyCap } from '../store/daily-cap';

export async function chatStatus(settings: Settings = getSettings(), caller?: Caller): Promise<ChatStatusResponse> {
  const provider = chatProvider(settings);
  const cap = await peekDailyCap(settings.CHAT_DAILY_REQUEST_CAP);
  const spent = cap.remaining <= 0 || (await addressShareSpent({ ipKey: caller?.ipKey ?? 'unknown', limit: settings.CHAT_DAILY_REQUESTS_PER_ADDRESS }));
  const reason = !settings.PUBLIC_CHAT_ENABLED ? 'disabled' : provider === 'none' ? 'not_configured' : spent ? 'daily_cap_reached' : undefined;
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
