/**
 * The line every form shows beside its button: what happens to the data it sends, with a link to
 * the privacy policy in the page's language (the content page whose translationKey is `privacy`).
 */
import { getCatalog, recordsOf } from '../catalog';
import { type Locale } from '../base/i18n';
import { paths } from '../base/urls';
import { ui } from '../../i18n/ui';

export type PrivacyForm = 'contact' | 'newsletter' | 'booking' | 'chat';

/** What an island needs to render the line (plain data: it crosses into the browser as a prop). */
export interface PrivacyNote {
  text: string;
  link: string;
  href: string;
}

export async function privacyNote(locale: Locale, form: PrivacyForm): Promise<PrivacyNote> {
  const policy = recordsOf(await getCatalog(), 'page', locale).find((page) => page.key === 'privacy');
  const strings = ui[locale].privacy;
  return { text: strings[form], link: strings.link, href: policy?.path ?? paths.home(locale) };
}
