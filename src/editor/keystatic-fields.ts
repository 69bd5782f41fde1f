/**
 * The form editor's fields for every content collection (Keystatic, `npm run dev` only: keystatic.config.ts).
 * They mirror the zod schemas of src/server/schemas/content.ts, and tests/unit/editor-fields.test.ts
 * compares the two field by field (names, kinds, required, choices, list lengths), so neither side can
 * gain or lose a field alone. Length limits and patterns stay the schemas' and the content check's:
 * the editor saves what it is given and the check (dev server, `npm run content`, build) says what to fix.
 */
import { collection, fields, singleton, type ComponentSchema, type GenericPreviewProps } from '@keystatic/core';
import { questionKinds } from '../server/schemas/content';
import { serviceChoices, tagChoices } from './editor-choices';
import { markdownBody } from './markdown-body';
import { optionalPicker, picker, picture } from './picker-fields';

type Locale = 'pl' | 'en';
const locales: Locale[] = ['pl', 'en'];

/** "Polish / English" labels: the editor's own interface is English only, the people using it may not be. */
const label = (pl: string, en: string) => `${pl} / ${en}`;

const text = (pl: string, en: string, options: { optional?: boolean; multiline?: boolean } = {}) =>
  options.optional
    ? fields.text({ label: label(pl, en), multiline: options.multiline })
    : fields.text({ label: label(pl, en), multiline: options.multiline, validation: { isRequired: true } });

const list = <Element extends ComponentSchema>(
  element: Element,
  pl: string,
  en: string,
  length: { min?: number; max?: number } = {},
  itemLabel?: (item: GenericPreviewProps<Element, unknown>) => string,
) => fields.array(element, { label: label(pl, en), itemLabel, validation: length.min || length.max ? { length: { min: length.min ?? 0, max: length.max ?? Infinity } } : undefined });

const words = (pl: string, en: string, length: { min?: number; max?: number } = {}) =>
  list(fields.text({ label: label(pl, en), validation: { isRequired: true } }), pl, en, length, (item) => item.value);

const date = (pl: string, en: string, optional = false) =>
  optional ? fields.date({ label: label(pl, en) }) : fields.date({ label: label(pl, en), validation: { isRequired: true } });

const draft = () => fields.checkbox({ label: label('Szkic (tylko w podglądzie)', 'Draft (preview only)'), defaultValue: false });

const body = () =>
  markdownBody(label('Treść (Markdown)', 'Text (Markdown)'), label('## nagłówek, **pogrubienie**, [link](/adres/), ![opis obrazu](./plik.png)', '## heading, **bold**, [link](/address/), ![picture description](./file.png)'));

/** Fields every page-like entry has (`pageFields` of the schemas); the title names the file when an entry is created. */
const pageFields = () => ({
  title: fields.slug({ name: { label: label('Tytuł', 'Title'), validation: { isRequired: true } }, slug: { label: label('Adres (nazwa pliku)', 'Address (file name)') } }),
  description: text('Opis (30–300 znaków)', 'Description (30–300 characters)', { multiline: true }),
  translationKey: text('Klucz tłumaczenia (ten sam w obu językach)', 'Translation key (same in both languages)'),
  searchTerms: words('Słowa wyszukiwania', 'Search terms', { max: 30 }),
});

/** The tags of content/tags.json in the entry's language (the content check warns about any other). */
const tags = (locale: Locale) =>
  picker(label('Tagi', 'Tags'), label('1–8; nowy tag dopisz najpierw w content/tags.json', '1–8; add a new tag to content/tags.json first'), tagChoices(locale), { min: 1, max: 8 });

/**
 * A picture with upload (picker-fields.ts): an uploaded file goes to content/media/<entry>/, a picture
 * already named by its path (beside the entry, or shared in content/media/) stays as it is.
 */
const picturePath = (pl: string, en: string, folder: string, optional = false) =>
  picture(label(pl, en), label('Wybierz plik: trafi do content/media/', 'Choose a file: it goes to content/media/'), folder, optional);

const pictureFields = (folder: string) => ({
  src: picturePath('Obraz', 'Picture', folder),
  alt: text('Co widać na obrazie (alt)', 'What the picture shows (alt)'),
});

const localized = <Schema extends ReturnType<typeof pageFields>>(name: string, locale: Locale, schema: Schema, pl: string, en: string) =>
  collection({
    label: `${locale === 'pl' ? pl : en} (${locale})`,
    path: `content/${name}/${locale}/*`,
    // The title names the file of a new entry (TypeScript cannot follow the field through the spread).
    slugField: 'title' as never,
    format: { contentField: 'body' },
    entryLayout: 'content',
    columns: ['title' as never],
    schema: { ...schema, body: body() },
  });

export const articleFields = (locale: Locale) => ({
  ...pageFields(),
  published: date('Data publikacji', 'Published'),
  updated: date('Ostatnia zmiana', 'Updated', true),
  tags: tags(locale),
  author: text('Autor', 'Author', { optional: true }),
  // An optional cover: leave both empty for none (the check refuses a picture without alt text).
  cover: fields.object({ src: picturePath('Okładka', 'Cover', `content/articles/${locale}`, true), alt: text('Co widać na okładce (alt)', 'What the cover shows (alt)', { optional: true }) }, { label: label('Okładka', 'Cover') }),
  draft: draft(),
});

export const serviceFields = (locale: Locale) => ({
  ...pageFields(),
  order: fields.integer({ label: label('Kolejność na listach', 'Position in lists'), validation: { isRequired: true, min: 0 } }),
  deliverables: words('Co dostaje klient', 'Deliverables', { min: 2 }),
  process: list(fields.object({ step: text('Krok', 'Step'), description: text('Opis kroku', 'What happens', { multiline: true }) }), 'Przebieg pracy', 'Process', { min: 2 }, (item) => item.fields.step.value),
  duration: text('Czas trwania', 'Duration'),
  priceItem: text('Pozycja cennika (id)', 'Pricing item (id)', { optional: true }),
  faq: list(fields.object({ question: text('Pytanie', 'Question'), answer: text('Odpowiedź', 'Answer', { multiline: true }) }), 'Pytania i odpowiedzi', 'FAQ', { min: 2 }, (item) => item.fields.question.value),
  tags: tags(locale),
  draft: draft(),
});

export const caseStudyFields = (locale: Locale) => ({
  ...pageFields(),
  client: fields.object(
    {
      type: text('Rodzaj klienta', 'Kind of client'),
      size: text('Wielkość', 'Size'),
      sector: fields.select({
        label: label('Sektor', 'Sector'),
        options: [
          { label: label('organizacja pozarządowa', 'non-profit'), value: 'ngo' },
          { label: label('firma', 'business'), value: 'business' },
          { label: label('edukacja', 'education'), value: 'education' },
        ],
        defaultValue: 'ngo',
      }),
    },
    { label: label('Klient', 'Client') },
  ),
  problem: text('Problem', 'Problem', { multiline: true }),
  work: words('Co zrobiliśmy', 'Work done', { min: 2, max: 8 }),
  results: list(fields.object({ figure: text('Liczba', 'Figure'), label: text('Co mierzy', 'What it measures') }), 'Wyniki', 'Results', { min: 2, max: 6 }, (item) => `${item.fields.figure.value} ${item.fields.label.value}`),
  quote: fields.object({ text: text('Cytat', 'Quote', { multiline: true }), author: text('Autor', 'Author'), role: text('Rola', 'Role') }, { label: label('Słowa klienta', 'Client quote') }),
  images: list(fields.object(pictureFields(`content/case-studies/${locale}`)), 'Obrazy', 'Pictures', { min: 1, max: 6 }, (item) => item.fields.alt.value),
  // The published services of the entry's language (the registry's `references`, checked by the content check).
  services: picker(label('Usługi', 'Services'), label('1–5 opublikowanych usług', '1–5 published services'), serviceChoices(locale), { min: 1, max: 5 }),
  published: date('Data publikacji', 'Published'),
  draft: draft(),
});

const priceItemFields = (locale: Locale) => ({
  id: text('Id (ten sam w obu językach)', 'Id (same in both languages)'),
  name: text('Nazwa', 'Name'),
  summary: text('Opis', 'Summary', { multiline: true }),
  priceNet: fields.number({ label: label('Cena netto (PLN)', 'Net price (PLN)'), validation: { isRequired: true, min: 0 } }),
  billing: fields.select({
    label: label('Rozliczenie', 'Billing'),
    options: [
      { label: label('jednorazowo', 'one-time'), value: 'one_time' },
      { label: label('miesięcznie', 'monthly'), value: 'monthly' },
      { label: label('za godzinę', 'hourly'), value: 'hourly' },
    ],
    defaultValue: 'one_time',
  }),
  from: fields.checkbox({ label: label('Cena „od”', 'Starting price ("from")'), defaultValue: false }),
  features: words('W cenie', 'Included'),
  service: optionalPicker(label('Usługa', 'Service'), label('opublikowana usługa, której cenę pokazuje ta pozycja', 'the published service this item prices'), serviceChoices(locale)),
});

export const pricingFields = (locale: Locale) => ({
  ...pageFields(),
  currency: fields.select({ label: label('Waluta', 'Currency'), options: [{ label: 'PLN', value: 'PLN' }], defaultValue: 'PLN' }),
  vatRate: fields.number({ label: label('Stawka VAT (0.23)', 'VAT rate (0.23)'), validation: { isRequired: true, min: 0, max: 1 } }),
  sections: list(
    fields.object({
      id: text('Id sekcji', 'Section id'),
      title: text('Tytuł sekcji', 'Section title'),
      intro: text('Wstęp', 'Introduction', { optional: true, multiline: true }),
      searchTerms: words('Słowa wyszukiwania', 'Search terms', { max: 30 }),
      items: list(fields.object(priceItemFields(locale)), 'Pozycje', 'Items', { min: 1 }, (item) => item.fields.name.value),
    }),
    'Sekcje',
    'Sections',
    { min: 1 },
    (item) => item.fields.title.value,
  ),
  consultation: fields.object(
    {
      name: text('Nazwa', 'Name'),
      summary: text('Opis', 'Summary', { multiline: true }),
      priceNet: fields.number({ label: label('Cena netto (PLN)', 'Net price (PLN)'), validation: { isRequired: true, min: 0 } }),
      durationMinutes: fields.integer({ label: label('Czas (minuty)', 'Duration (minutes)'), validation: { isRequired: true, min: 1 } }),
    },
    { label: label('Konsultacja', 'Consultation') },
  ),
});

export const pageOnlyFields = () => pageFields();

export const siteFields = (locale: Locale) => ({
  locale: fields.select({ label: label('Język', 'Language'), options: locales.map((value) => ({ label: value, value })), defaultValue: locale }),
  name: text('Nazwa firmy', 'Business name'),
  tagline: text('Hasło', 'Tagline'),
  description: text('Opis (30–300 znaków)', 'Description (30–300 characters)', { multiline: true }),
  email: text('E-mail', 'Email'),
  phone: text('Telefon', 'Phone'),
  address: text('Adres', 'Address'),
  nip: text('NIP', 'Tax id (NIP)'),
  hours: text('Godziny pracy', 'Opening hours'),
  languages: words('Języki obsługi', 'Languages served', { min: 1 }),
});

/** How each kind of example question reads in the form. */
const kindLabels: Record<(typeof questionKinds)[number], string> = {
  paraphrase: label('własnymi słowami', 'in their own words'),
  topic: label('temat', 'topic'),
  inflection: label('odmiana słów', 'inflected words'),
  typo: label('z literówką', 'with a typo'),
  'no-diacritics': label('bez polskich znaków', 'without diacritics'),
  service: label('o usługę', 'for a service'),
  'intent-pricing': label('o cenę', 'about prices'),
  'intent-contact': label('o kontakt', 'to get in touch'),
  'intent-consultation': label('o konsultację', 'to book a consultation'),
  'other-language': label('w drugim języku', 'in the other language'),
};

export const pageQuestionFields = () => ({
  query: text('Pytanie, tak jak je zadano', 'The question, as asked', { multiline: true }),
  kind: fields.select({ label: label('Rodzaj', 'Kind'), options: questionKinds.map((value) => ({ label: kindLabels[value], value })), defaultValue: 'paraphrase' }),
  added: text('Skąd i kiedy (np. 2026-11-26 z ask-misses)', 'Where from and when (e.g. 2026-11-26 from ask-misses)', { optional: true }),
});

/**
 * One entry per page: content/questions/<locale>/<page>.yaml. The entry's name is the file's name and
 * says the page (src/server/ask/example-questions.ts), so it is not written inside; the content check
 * refuses a name that is no page. `off-topic` holds the questions no page answers.
 */
const exampleQuestions = (locale: Locale) =>
  collection({
    label: `${locale === 'pl' ? 'Pytania przykładowe' : 'Example questions'} (${locale})`,
    path: `content/questions/${locale}/*`,
    slugField: 'page',
    format: { data: 'yaml' },
    schema: {
      page: fields.text({
        label: label('Strona (nazwa pliku)', 'Page (file name)'),
        description: label(
          'rodzaj-adres strony: article-…, service-…, page-…, case-study-…, pricing-…, contact, consultation; albo off-topic: pytania, na które strona nie odpowiada (/ask uczy się z nich mówić „nic tu nie pasuje”)',
          "the page's kind-address: article-…, service-…, page-…, case-study-…, pricing-…, contact, consultation; or off-topic: questions the site does not answer (/ask learns from them to say \"nothing here matches\")",
        ),
        validation: { isRequired: true },
      }),
      questions: list(fields.object(pageQuestionFields()), 'Pytania', 'Questions', { min: 1 }, (item) => item.fields.query.value),
    },
  });

export const collections = Object.fromEntries(
  locales.flatMap((locale) => [
    [`articles_${locale}`, localized('articles', locale, articleFields(locale), 'Artykuły', 'Articles')],
    [`services_${locale}`, localized('services', locale, serviceFields(locale), 'Usługi', 'Services')],
    [`caseStudies_${locale}`, localized('case-studies', locale, caseStudyFields(locale), 'Realizacje', 'Case studies')],
    [`pricing_${locale}`, localized('pricing', locale, pricingFields(locale), 'Cennik', 'Pricing')],
    [`pages_${locale}`, localized('pages', locale, pageOnlyFields(), 'Strony', 'Pages')],
    [`questions_${locale}`, exampleQuestions(locale)],
  ]),
);

export const singletons = {
  ...Object.fromEntries(
    locales.map((locale) => [
      `site_${locale}`,
      singleton({ label: `${label('Firma', 'Business')} (${locale})`, path: `content/site/${locale}`, format: { contentField: 'body' }, entryLayout: 'content', schema: { ...siteFields(locale), body: body() } }),
    ]),
  ),
};
