/**
 * The interface strings of both languages, for what renders on the server (pages, layouts, the
 * documents for agents). An island gets only its own namespace in the page's language, as a prop.
 */
import type { Locale } from '../server/i18n';
import type { ConsultationLocation } from '../server/settings';
import { fill } from './fill';
import { en } from './en';
import { pl } from './pl';

export const ui = { pl, en } as const satisfies Record<Locale, unknown>;

/** The consultation's steps; the last says where it takes place (CONSULTATION_LOCATION). */
export function consultationSteps(locale: Locale, location: ConsultationLocation): string[] {
  const t = ui[locale].consultation;
  const last = location.kind === 'address' ? fill(t.lastStep.address, { address: location.address }) : t.lastStep[location.kind];
  return [...t.steps, last];
}

/**
 * The consultation's lead (the page's first paragraph and its description): the offer's summary from
 * the pricing content, then how the conversation happens, from the same CONSULTATION_LOCATION as the
 * last step, so an in-person meeting is never announced as a call.
 */
export function consultationLead(locale: Locale, summary: string, location: ConsultationLocation): string {
  const where = ui[locale].consultation.where;
  return `${summary.trim()} ${location.kind === 'address' ? fill(where.address, { address: location.address }) : where[location.kind]}`;
}
