/**
 * `npm run new -- <article|service> <pl|en> "Title" [--key translationKey]`: writes a new content file
 * with front matter that passes the content schema and the report, today's date, a slug from the title
 * and a translationKey to pair it with its translation later. New entries start as drafts, so nothing
 * half-written reaches the site; `npm run dev` shows drafts for a preview.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import { isLocale, type Locale } from '../server/base/i18n';
import { paths } from '../server/base/urls';
import { readContentTree, type ContentEntry } from './content-files';
import { siteToday } from './site-day';
import { slugify } from './slug';

export type NewKind = 'article' | 'service';

export interface NewEntryRequest {
  kind: NewKind;
  locale: Locale;
  title: string;
  translationKey?: string;
  today: string;
}

const placeholders = {
  pl: {
    description: 'Jedno lub dwa zdania o tym, czego czytelnik się dowie i komu to pomoże (70–160 znaków, widać je w wynikach wyszukiwania).',
    articleBody: ['## Problem', 'Opisz sytuację, w której czytelnik się rozpozna.', '## Rozwiązanie', 'Krok po kroku: co zrobić, jakim narzędziem, ile to kosztuje.', '## Od czego zacząć', 'Jedna konkretna rzecz do zrobienia dziś.'],
    serviceBody: ['## Dla kogo', 'Komu ta usługa pomaga i w jakiej sytuacji.', '## Co obejmuje', 'Zakres prac w kilku zdaniach.'],
    deliverables: ['Pierwszy rezultat, który klient dostaje', 'Drugi rezultat, który klient dostaje'],
    process: [
      { step: 'Rozmowa', description: 'Co ustalamy na początku i z kim.' },
      { step: 'Realizacja', description: 'Co robimy i jak klient widzi postęp.' },
    ],
    duration: 'do ustalenia',
    faq: [
      { question: 'Ile to trwa?', answer: 'Odpowiedź na pytanie, które klienci zadają najczęściej.' },
      { question: 'Ile to kosztuje?', answer: 'Odpowiedź zgodna z cennikiem (podaj ceny netto).' },
    ],
  },
  en: {
    description: 'One or two sentences on what the reader will learn and whom it helps (70–160 characters, shown in search results).',
    articleBody: ['## The problem', 'Describe a situation the reader recognises.', '## The solution', 'Step by step: what to do, with which tool, at what cost.', '## Where to start', 'One concrete thing to do today.'],
    serviceBody: ['## Who it is for', 'Whom this service helps and in which situation.', '## What it includes', 'The scope of the work in a few sentences.'],
    deliverables: ['The first result the client receives', 'The second result the client receives'],
    process: [
      { step: 'Conversation', description: 'What we agree at the start, and with whom.' },
      { step: 'Delivery', description: 'What we do and how the client sees progress.' },
    ],
    duration: 'to be agreed',
    faq: [
      { question: 'How long does it take?', answer: 'The answer to the question clients ask most often.' },
      { question: 'How much does it cost?', answer: 'An answer that matches the pricing page (net prices).' },
    ],
  },
} as const;

/** Sentences of the template an editor must replace: the content check refuses a file that still has one. */
export const templateTexts: string[] = Object.values(placeholders).flatMap((words) => [
  words.description,
  ...[...words.articleBody, ...words.serviceBody].filter((line) => !line.startsWith('#')),
  ...words.deliverables,
  ...words.process.map((step) => step.description),
  ...words.faq.map((entry) => entry.answer),
]);

/** The most used tag of a collection and language, so the new entry starts with a real tag. */
function commonTag(entries: ContentEntry[], collection: string, locale: Locale): string {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (entry.collection !== collection || entry.locale !== locale || !Array.isArray(entry.data.tags)) continue;
    for (const tag of entry.data.tags) counts.set(String(tag), (counts.get(String(tag)) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? (locale === 'pl' ? 'ogolne' : 'general');
}

export function newEntry(request: NewEntryRequest, existing: ContentEntry[]): { file: string; text: string; url: string } {
  const slug = slugify(request.title);
  if (!slug) throw new Error('The title has no letters or digits to make an address from.');
  const collection = request.kind === 'article' ? 'articles' : 'services';
  const words = placeholders[request.locale];
  const common = {
    title: request.title,
    description: words.description,
    translationKey: request.translationKey ?? slug,
  };
  const data =
    request.kind === 'article'
      ? { ...common, published: request.today, tags: [commonTag(existing, collection, request.locale)], draft: true }
      : {
          ...common,
          order: Math.max(0, ...existing.filter((entry) => entry.collection === 'services' && entry.locale === request.locale).map((entry) => Number(entry.data.order) || 0)) + 1,
          deliverables: [...words.deliverables],
          process: words.process.map((step) => ({ ...step })),
          duration: words.duration,
          faq: words.faq.map((entry) => ({ ...entry })),
          tags: [commonTag(existing, collection, request.locale)],
          draft: true,
        };
  const body = request.kind === 'article' ? words.articleBody : words.serviceBody;
  return {
    file: `${collection}/${request.locale}/${slug}.md`,
    text: `---\n${stringify(data, { lineWidth: 0 })}---\n${body.join('\n\n')}\n`,
    url: request.kind === 'article' ? paths.article(request.locale, slug) : paths.service(request.locale, slug),
  };
}

const usage = 'Usage: npm run new -- <article|service> <pl|en> "Title" [--key translationKey-of-the-translation]';

export function runNewEntry(argv: string[], root = resolve('content'), today = siteToday()): number {
  const keyIndex = argv.indexOf('--key');
  const translationKey = keyIndex >= 0 ? argv[keyIndex + 1] : undefined;
  const [kind, locale, ...titleWords] = argv.filter((_, index) => keyIndex < 0 || (index !== keyIndex && index !== keyIndex + 1));
  const title = titleWords.join(' ').trim();
  if ((kind !== 'article' && kind !== 'service') || !isLocale(locale) || title.length < 3) {
    console.error(usage);
    return 2;
  }
  if (translationKey !== undefined && !/^[a-z0-9-]+$/.test(translationKey)) {
    console.error('--key takes the translationKey of the translation: lowercase letters, digits and hyphens.');
    return 2;
  }
  const { entries } = readContentTree(root);
  const created = newEntry({ kind, locale, title, translationKey, today }, entries);
  const path = join(root, created.file);
  if (existsSync(path)) {
    console.error(`${relative(process.cwd(), path)} already exists: choose another title, or edit that file.`);
    return 1;
  }
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, created.text);
  console.log(
    [
      `Created ${relative(process.cwd(), path)} (a draft).`,
      ...(slugify(title, Infinity) !== slugify(title) ? [`- The title is long, so the address is shortened between words to ${created.url}; rename the file to choose another.`] : []),
      `- Write the text, the description and the tags; put images next to the file and reference them as ![what it shows](./picture.jpg).`,
      `- Preview: npm run dev, then http://localhost:4321${created.url} (drafts show only in dev).`,
      `- Publish: remove "draft: true", run npm run content, then build.`,
      `- Translation: npm run new -- ${kind} ${locale === 'pl' ? 'en' : 'pl'} "Title" --key ${translationKey ?? slugify(title)}`,
    ].join('\n'),
  );
  return 0;
}
