/**
 * The interface strings of both languages, for what renders on the server (pages, layouts, the
 * documents for agents). An island gets only its own namespace in the page's language, as a prop.
 */
import type { Locale } from '../server/i18n';
import { en } from './en';
import { pl } from './pl';

export const ui = { pl, en } as const satisfies Record<Locale, unknown>;

/** The consultation's steps; the last says where it takes place (CONSULTATION_LOCATION: "phone" or a meeting URL). */
export function consultationSteps(locale: Locale, location: string): string[] {
  const t = ui[locale].consultation;
  return [...t.steps, location === 'phone' ? t.lastStep.phone : t.lastStep.video];
}
