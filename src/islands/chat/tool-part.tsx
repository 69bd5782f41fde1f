/**
 * One tool call in the conversation, rendered for a person: what is being looked up, the result as
 * links, prices, time buttons or a booking confirmation, and for write tools the approval card
 * that shows exactly what will be sent, with Confirm and Cancel.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { safeHref } from './safe-link';
import type { Strings as Catalogue } from '../../i18n/catalogue';
import { fill } from '../../i18n/fill';

type Strings = Catalogue<'chat'>;

export interface ToolPartView {
  type: string;
  toolCallId: string;
  title?: string;
  state: string;
  input?: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool's own output, read per tool below
  output?: { text?: string; isError?: boolean; data?: Record<string, any> };
  errorText?: string;
  approval?: { id: string; approved?: boolean };
}

interface Props {
  part: ToolPartView;
  t: Strings;
  locale: string;
  /** True for the newest message while the chat can act on it. */
  active: boolean;
  onApprove: (id: string, approved: boolean) => void;
  onPickSlot: (label: string, start: string) => void;
}

interface Slot {
  start: string;
  label: string;
  date: string;
}

function SlotButtons({ slots, onPick, disabled }: { slots: Slot[]; onPick: Props['onPickSlot']; disabled: boolean }) {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
  return (
    <div class="sc-slots">
      {[...days.values()].map((day) => (
        <div class="sc-day">
          {day.map((slot) => (
            <button type="button" class="sc-slot" disabled={disabled} onClick={() => onPick(slot.label, slot.start)}>
              {slot.label}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

function formatMoney(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { style: 'currency', currency: 'PLN', maximumFractionDigits: 2 }).format(value);
}

function fieldValue(key: string, value: unknown, input: Record<string, unknown>, t: Strings, locale: string): string {
  if (typeof value === 'boolean') return value ? t.fields.yes : '—';
  if (key === 'start' && typeof value === 'string') {
    const zone = typeof input.timeZone === 'string' ? input.timeZone : undefined;
    try {
      return new Intl.DateTimeFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(value)) + (zone ? ` (${zone})` : '');
    } catch {
      return value;
    }
  }
  return String(value);
}

function ApprovalCard({ part, t, locale, onApprove, active }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The decision is the next thing to do: bring it into view and give it the focus.
    if (active) heading.current?.focus();
  }, [active]);
  const input = part.input ?? {};
  const shown = Object.entries(input).filter(([key, value]) => key !== 'locale' && value !== undefined && value !== '');
  const name = part.title ?? part.type.slice(5);
  return (
    <section class="sc-card sc-approval" aria-labelledby={`sc-h-${part.toolCallId}`}>
      <h3 id={`sc-h-${part.toolCallId}`} tabIndex={-1} ref={heading}>{fill(t.confirmTitle, { tool: name })}</h3>
      <p class="sc-muted">{t.confirmText}</p>
      <dl>
        {shown.map(([key, value]) => (
          <>
            <dt>{(t.fields as Record<string, string>)[key] ?? key}</dt>
            <dd>{fieldValue(key, value, input, t, locale)}</dd>
          </>
        ))}
      </dl>
      <div class="sc-actions">
        <button type="button" class="sc-button" disabled={!active} onClick={() => onApprove(part.approval!.id, true)}>{t.confirm}</button>
        <button type="button" class="sc-button sc-secondary" disabled={!active} onClick={() => onApprove(part.approval!.id, false)}>{t.cancel}</button>
      </div>
    </section>
  );
}

/** Links in tool results follow the answers' rule (safe-link.ts): a target it refuses shows as text. */
function SafeLink({ href, children }: { href?: string; children: ComponentChildren }) {
  const safe = safeHref(href ?? '');
  return safe ? <a href={safe}>{children}</a> : <>{children}</>;
}

function Result({ part, t, locale, active, onPickSlot }: Props) {
  const name = part.type.slice(5);
  const output = part.output ?? {};
  const data = output.data ?? {};
  if (output.isError && !(name === 'consultation_book' && data.mode === 'slot_unavailable')) {
    return <p class="sc-card sc-problem">{t.toolError} {output.text}</p>;
  }
  switch (name) {
    case 'services_list':
    case 'articles_recommend': {
      const items: Array<{ title: string; url: string; summary: string }> = data.services ?? data.articles ?? [];
      return (
        <ul class="sc-card sc-links">
          {items.map((item) => (
            <li><SafeLink href={item.url}>{item.title}</SafeLink><span class="sc-muted"> — {item.summary}</span></li>
          ))}
        </ul>
      );
    }
    case 'pricing_get': {
      const items: Array<{ id: string; name: string; net: number; gross: number; from: boolean }> = data.items ?? [];
      return (
        <div class="sc-card">
          <ul class="sc-prices">
            {items.map((item) => (
              <li>
                <span>{item.name}</span>
                <span>{item.from ? `${t.from} ` : ''}{formatMoney(item.net, locale)} {t.net} · {formatMoney(item.gross, locale)} {t.gross}</span>
              </li>
            ))}
          </ul>
          {data.pricingUrl && <SafeLink href={data.pricingUrl}>{t.allPrices}</SafeLink>}
        </div>
      );
    }
    case 'consultation_availability': {
      if (data.mode === 'link_only' || !data.slots) return <p class="sc-card"><SafeLink href={data.bookingUrl}>{t.bookingLink}</SafeLink></p>;
      if (!data.slots.length) return <p class="sc-card">{t.noSlots}</p>;
      return (
        <div class="sc-card">
          <p class="sc-label">{t.pickSlot}</p>
          <SlotButtons slots={data.slots} onPick={onPickSlot} disabled={!active} />
        </div>
      );
    }
    case 'consultation_book': {
      if (data.mode === 'booked' && data.booking) {
        return (
          <div class="sc-card sc-success" role="status">
            <p class="sc-label">{t.booked}</p>
            <p>{data.booking.label} ({data.booking.timeZone})</p>
            <p class="sc-muted">{data.message}</p>
          </div>
        );
      }
      if (data.mode === 'slot_unavailable') {
        return (
          <div class="sc-card sc-problem">
            <p>{data.message}</p>
            {data.alternatives?.length ? <><p class="sc-label">{t.alternatives}</p><SlotButtons slots={data.alternatives} onPick={onPickSlot} disabled={!active} /></> : null}
          </div>
        );
      }
      return <p class="sc-card">{data.message} <SafeLink href={data.bookingUrl}>{t.bookingLink}</SafeLink></p>;
    }
    default:
      return <p class="sc-card sc-success" role="status">{t.done}: {data.message ?? output.text}</p>;
  }
}

export function ToolPart(props: Props) {
  const { part, t } = props;
  const name = part.title ?? part.type.slice(5);
  switch (part.state) {
    case 'input-streaming':
    case 'input-available':
      return <p class="sc-working">{fill(t.working, { tool: name })}</p>;
    case 'approval-requested':
      return <ApprovalCard {...props} />;
    case 'approval-responded':
      return <p class="sc-working">{part.approval?.approved ? t.sending : t.denied}</p>;
    case 'output-denied':
      return <p class="sc-card sc-muted">{t.denied}</p>;
    case 'output-error':
      return <p class="sc-card sc-problem">{t.toolError} {part.errorText}</p>;
    case 'output-available':
      return <Result {...props} />;
    default:
      return null;
  }
}
