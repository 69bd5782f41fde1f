/**
 * How a tag reads to people. Tags in front matter are ASCII slugs (they are URLs); their labels,
 * with Polish letters and proper casing, are kept with the content in content/tags.json. A tag
 * without a label reads as its slug with spaces and a capital letter.
 */
import labels from '../../../content/tags.json' with { type: 'json' };
import type { Locale } from './i18n.ts';

const table = labels as Record<Locale, Record<string, string>>;

export function tagLabel(locale: Locale, tag: string): string {
  const label = table[locale]?.[tag];
  if (label) return label;
  const words = tag.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Tags used in content that have no label yet (a test keeps this empty). */
export function unlabelledTags(locale: Locale, tags: Iterable<string>): string[] {
  return [...new Set(tags)].filter((tag) => !table[locale]?.[tag]).sort();
}
