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
