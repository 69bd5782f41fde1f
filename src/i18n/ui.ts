/**
 * The interface strings of both languages, for what renders on the server (pages, layouts, the
 * documents for agents). An island gets only its own namespace in the page's language, as a prop.
 */
import type { Locale } from '../server/base/i18n';
import type { ConsultationLocation } from '../server/base/settings';
import { fill } from './fill';
import { en } from './en';
import { pl } from './pl';

export const ui = { pl, en } as const satisfies Record<Locale, unknown>;

/** The consultation's steps; the last says where it takes place (CONSULTATION_LOCATION). */
export function consultationSteps(locale: Locale, location: ConsultationLocation): string[] {
  const t = ui[locale].consultation;
  return [...t.steps, placeText(location, t.lastStep)];
}

/**
 * The consultation's lead (the page's first paragraph and its description): the offer's summary from
 * the pricing content, then how the conversation happens, from the same CONSULTATION_LOCATION as the
 * last step, so an in-person meeting is never announced as a call.
 */
export function consultationLead(locale: Locale, summary: string, location: ConsultationLocation): string {
  return `${summary.trim()} ${placeText(location, ui[locale].consultation.where)}`;
}

/** A catalogue's words for each kind of CONSULTATION_LOCATION, the one that applies filled with its address or meeting link. */
export function placeText(location: ConsultationLocation, words: Record<ConsultationLocation['kind'], string>): string {
  return fill(words[location.kind], location);
}
