/**
 * What the form editor's pickers offer, read from content/ each time the editor loads: the editor's
 * page (in the browser) and its API (on the dev server) both read keystatic.config.ts through Vite, so
 * the JSON is imported and the service files are globbed, never copied into a list here. A tag added to
 * content/tags.json or a service published in content/services/<locale>/ is offered at the next load.
 */
import tagLabels from '../../content/tags.json' with { type: 'json' };
import { readFrontMatter } from './front-matter';

type Locale = 'pl' | 'en';

export interface Choice {
  label: string;
  value: string;
}

/**
 * The tags of one language with their labels (content/tags.json): the content check warns about any
 * other tag, so the picker offers exactly these.
 */
export function tagChoices(locale: Locale): Choice[] {
  const labels = (tagLabels as Partial<Record<Locale, Record<string, string>>>)[locale] ?? {};
  return Object.entries(labels)
    .map(([value, label]) => ({ label, value }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

// The services' folder of the content-type registry (src/server/catalog/content-types/service.ts); a glob
// takes only a literal pattern.
const serviceFiles = import.meta.glob<string>('/content/services/*/*.{md,mdx}', { query: '?raw', import: 'default', eager: true });

const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/;

/**
 * The translationKeys of the published services of one language, labelled by their titles: what a
 * case study's `services` may name (the registry's `references`, checked by the content check). A file
 * whose front matter does not read is left out; the check reports it.
 */
export function serviceChoices(locale: Locale): Choice[] {
  return Object.entries(serviceFiles)
    .filter(([path]) => path.startsWith(`/content/services/${locale}/`))
    .flatMap(([, text]) => {
      const block = frontMatter.exec(text)?.[1];
      const read = block === undefined ? undefined : readFrontMatter(block, 2, 'en');
      if (!read || 'mistake' in read) return [];
      const data = (read.data ?? {}) as Record<string, unknown>;
      if (data.draft === true || typeof data.translationKey !== 'string') return [];
      return [{ label: typeof data.title === 'string' ? data.title : data.translationKey, value: data.translationKey }];
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
