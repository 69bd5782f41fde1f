/**
 * The scheduling module used by GET /api/consultation/slots, POST /api/consultation/book and the
 * consultation tools. It turns a query into a window, asks the scheduling provider (Cal.com or the
 * embedded office hours) and shapes the answers; a provider failure on lookup is the link-only
 * fallback, never a throw, and a slot that cannot be booked comes back with fresh alternatives.
 */
import { LRUCache } from 'lru-cache';
import { fault } from '../base/errors';
import type { Caller } from '../http/caller';
import { SchedulingProviderError, type SchedulingProvider } from '../providers/scheduling';
import { getSchedulingProvider } from './provider';
import {
  DEFAULT_WINDOW_DAYS,
  MAX_WINDOW_DAYS,
  type BookingResult,
  type ConsultationBookInput,
  type ConsultationSlot,
  type ConsultationSlotsResponse,
  type ProviderErrorDetails,
  type SlotsQuery,
} from '../schemas/consultation';
import { getSettings } from '../base/settings';
import { slotLabel, toConsultationSlot, zoneName } from './labels';
import { fill } from '../../i18n/fill';
import { ui } from '../../i18n/ui';
import { takePlaces, type Places } from './open-bookings';
import { placeSentence } from './place';
import { addDays, daysBetween, isoWithOffset, localDateAt, startOfLocalDate } from './time-zones';
import { logger } from '../base/log';

/** How many alternatives a refused booking offers. */
const ALTERNATIVES = 5;

export interface SlotWindowResolved {
  from: Date;
  to: Date;
  range: { start: string; end: string };
}

/** The window of a query: whole local days in the asked zone, never before now. */
export function resolveWindow(query: Pick<SlotsQuery, 'start' | 'end' | 'timeZone'>, now = new Date()): SlotWindowResolved {
  const today = localDateAt(now, query.timeZone);
  const start = query.start ?? today;
  const end = query.end ?? addDays(start, DEFAULT_WINDOW_DAYS);
  if (end < start) {
    throw fault('validation_failed.end_before_start', { start }, { field: 'end' });
  }
  if (daysBetween(start, end) > MAX_WINDOW_DAYS) {
    throw fault('validation_failed.window_too_long', { start, days: MAX_WINDOW_DAYS }, { field: 'end' });
  }
  const from = new Date(Math.max(startOfLocalDate(start, query.timeZone).getTime(), now.getTime()));
  const to = startOfLocalDate(addDays(end, 1), query.timeZone);
  return { from, to, range: { start, end } };
}

/**
 * Answers of findSlots kept for a few seconds per provider and query: the slot picker, the tools and
 * agents ask the same week again and again, and each answer is a walk over office hours (or a call
 * to Cal.com) plus a label per slot. A booking or cancellation through this process forgets them at
 * once; the embedded provider's change mark (the database's data_version) does the same for one by
 * another process on this machine (the admin command). Elsewhere a change shows within SLOTS_TTL_MS,
 * and booking a slot taken meanwhile is refused with alternatives.
 */
export const SLOTS_TTL_MS = 5_000;
const slotAnswers = new WeakMap<SchedulingProvider, LRUCache<string, ConsultationSlotsResponse, SlotsQuery>>();

function slotCache(provider: SchedulingProvider) {
  let cache = slotAnswers.get(provider);
  if (!cache) {
    cache = new LRUCache<string, ConsultationSlotsResponse, SlotsQuery>({
      max: 500,
      ttl: SLOTS_TTL_MS,
      // Concurrent identical lookups share one provider call.
      fetchMethod: (_key, _stale, { context }) => lookUpSlots(context, provider),
    });
    slotAnswers.set(provider, cache);
  }
  return cache;
}

/** Forgets the cached slot answers of a provider (a booking was cancelled: its slot is free again). */
export function forgetSlotAnswers(provider: SchedulingProvider = getSchedulingProvider()): void {
  slotAnswers.get(provider)?.clear();
}

/** Free slots in a window; a provider failure is the link-only fallback, never a throw. */
export async function findSlots(query: SlotsQuery, provider: SchedulingProvider = getSchedulingProvider()): Promise<ConsultationSlotsResponse> {
  // An invalid window throws inside the lookup, and a fetch that throws is not kept.
  const cache = slotCache(provider);
  let mark: number | string | undefined;
  try {
    mark = await provider.changeMark?.();
  } catch (error) {
    // The bookings cannot be read now (their store is away): the lookup answers for itself, uncached.
    logger().error({ err: error }, '[scheduling] change mark unavailable');
    return lookUpSlots(query, provider);
  }
  const key = `${mark ?? ''}|${JSON.stringify(query)}`;
  const answer = (await cache.fetch(key, { context: query }))!;
  // A failed lookup (the link-only answer) is not kept either: the next request asks again.
  if (!answer.ok) cache.delete(key);
  return answer;
}

async function lookUpSlots(query: SlotsQuery, provider: SchedulingProvider): Promise<ConsultationSlotsResponse> {
  const { BOOKING_URL: bookingUrl } = getSettings();
  const window = resolveWindow(query);
  try {
    const slots =
      window.to > window.from ? await provider.listFreeSlots({ from: window.from, to: window.to, limit: query.limit }) : [];
    return {
      ok: true,
      mode: 'slots',
      bookingUrl,
      timeZone: query.timeZone,
      slots: slots.slice(0, query.limit).map((slot) => toConsultationSlot(slot, query.locale, query.timeZone)),
      range: window.range,
    };
  } catch (error) {
    logger().error({ err: error }, '[scheduling] slot lookup failed');
    const upstream = error instanceof SchedulingProviderError ? error : undefined;
    return {
      ok: false,
      mode: 'link_only',
      bookingUrl,
      error: `${ui[query.locale].scheduling.lookupFailed}${upstream ? ` (${upstream.message})` : ''}`,
      slots: [],
      timeZone: query.timeZone,
      range: window.range,
      ...(upstream?.status !== undefined ? { status: upstream.status } : {}),
      ...(upstream?.details ? { details: providerErrorDetails(upstream.details) } : {}),
    };
  }
}

/** Fresh free slots from now, for a refused booking; empty when the provider cannot list them. */
async function alternatives(provider: SchedulingProvider, input: ConsultationBookInput, exclude: Date): Promise<ConsultationSlot[]> {
  const now = new Date();
  try {
    const slots = await provider.listFreeSlots({
      from: now,
      to: new Date(now.getTime() + DEFAULT_WINDOW_DAYS * 86_400_000),
      limit: ALTERNATIVES + 1,
    });
    return slots
      .filter((slot) => slot.start.getTime() !== exclude.getTime())
      .slice(0, ALTERNATIVES)
      .map((slot) => toConsultationSlot(slot, input.locale ?? 'pl', input.timeZone));
  } catch (error) {
    logger().error({ err: error }, '[scheduling] alternatives lookup failed');
    return [];
  }
}

/**
 * Books a slot that findSlots returned; a taken, past or unknown slot is a result with alternatives.
 * Every door passes its caller: the address and the caller must each have a free place under the
 * open-bookings limit (open-bookings.ts), else booking_limit_reached and nothing reaches the provider.
 */
export async function bookConsultation(
  input: ConsultationBookInput,
  caller: Caller,
  provider: SchedulingProvider = getSchedulingProvider(),
): Promise<BookingResult> {
  const settings = getSettings();
  const bookingUrl = settings.BOOKING_URL;
  const locale = input.locale ?? 'pl';
  const text = ui[locale].scheduling;
  // The embedded provider confirms by mail; with mail switched off only the link is left.
  if (provider.name === 'embedded' && settings.mailProvider === 'off') {
    return { ok: false, mode: 'link_only', bookingUrl, message: fill(text.linkOnly, { url: bookingUrl }) };
  }
  const start = new Date(input.start);
  const request = {
    start,
    fullName: input.fullName,
    email: input.email,
    phone: input.phone || undefined,
    notes: input.notes || undefined,
    timeZone: input.timeZone,
    locale,
  };
  let outcome;
  if (start.getTime() <= Date.now()) {
    outcome = { kind: 'unavailable', reason: 'past' } as const;
  } else {
    const places: Places = await takePlaces(input.email, caller, start, {
      perEmail: settings.BOOKING_MAX_OPEN_PER_EMAIL,
      perIp: settings.BOOKING_MAX_OPEN_PER_IP,
    });
    try {
      outcome = await provider.book(request);
      // Booked or refused as taken: the slots listed before have changed either way.
      slotAnswers.get(provider)?.clear();
    } catch (error) {
      await places.release();
      if (error instanceof SchedulingProviderError) {
        throw fault('provider_unavailable.booking', { detail: error.message, bookingUrl }, { cause: error });
      }
      throw error;
    }
    await (outcome.kind === 'booked' ? places.keep(outcome.end, outcome.id) : places.release());
  }
  if (outcome.kind === 'booked') {
    const label = slotLabel(outcome, locale, input.timeZone);
    const when = `${label} (${zoneName(input.timeZone, locale)})`;
    const where = placeSentence(settings.CONSULTATION_LOCATION, Boolean(input.phone), text.place);
    return {
      ok: true,
      mode: 'booked',
      booking: {
        id: outcome.id,
        start: isoWithOffset(outcome.start, input.timeZone),
        end: isoWithOffset(outcome.end, input.timeZone),
        label,
        timeZone: input.timeZone,
      },
      bookingUrl,
      message:
        provider.name !== 'embedded'
          ? fill(text.bookedCalcom, { when })
          : outcome.confirmationSent === false
            ? fill(text.bookedWithoutMail, { when, where })
            : fill(text.booked, { when, where }),
    };
  }
  const message = outcome.reason === 'taken' ? text.taken : outcome.reason === 'past' ? text.past : text.notASlot;
  return {
    ok: false,
    mode: 'slot_unavailable',
    reason: outcome.reason,
    // The same person can succeed by picking another slot only when this one was taken meanwhile.
    retryable: outcome.reason === 'taken',
    message,
    alternatives: await alternatives(provider, input, start),
    bookingUrl,
  };
}

/** The provider's error detail as the fallback publishes it: the named fields of ProviderErrorDetails, nothing else. */
function providerErrorDetails(details: Record<string, unknown>): ProviderErrorDetails {
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : typeof value === 'number' ? String(value) : undefined);
  const published: ProviderErrorDetails = {};
  for (const key of ['reason', 'code', 'message'] as const) {
    const value = text(details[key]);
    if (value !== undefined) published[key] = value;
  }
  if (Number.isInteger(details.timeoutMs)) published.timeoutMs = details.timeoutMs as number;
  return published;
}

/**
 * The HTTP answer of a booking result: a refused slot is 409 and also carries the ErrorResponse
 * `error` of slot_unavailable (errors.ts), so generic clients see a normal API error.
 */
export function bookingResultStatus(result: BookingResult): { status: number; body: unknown } {
  if (result.mode !== 'slot_unavailable') return { status: 200, body: result };
  const error = fault(
    'slot_unavailable.refused',
    { message: result.message, alternatives: result.alternatives.length, bookingUrl: result.bookingUrl },
    { retryable: result.retryable },
  );
  return { status: error.status, body: { ...result, ...error.toBody() } };
}
