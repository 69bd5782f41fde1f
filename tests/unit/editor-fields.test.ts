/**
 * The form editor's fields (src/editor/keystatic-fields.ts) and the content schemas
 * (src/server/schemas/content.ts) describe the same files: for every collection, both are reduced to one
 * shape (field names; kind text/number/integer/date/boolean/select/image/list/group; required; the
 * choices of a select; the length bounds of a list) and the two shapes must be equal. A field added,
 * removed or retyped on one side only fails here. The pickers' choices (tags, a case study's services)
 * are compared with the lists the content check reads from content/: the tags of content/tags.json and
 * the translationKeys of the published services (a case study's services, a price item's service), per language.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tagVocabulary } from '../../src/editor/content-cli';
import { readContentTree } from '../../src/editor/content-files';
import { collections, singletons } from '../../src/editor/keystatic-fields';
import { contentTypes } from '../../src/server/catalog/content-types';
import { articleFrontmatter, ContentDate, PageFrontmatter, PageQuestionsFile, ServiceKey, SiteFrontmatter, Tag } from '../../src/server/schemas/content';

type Shape =
  | { kind: 'text' | 'number' | 'integer' | 'date' | 'boolean' | 'image'; required: boolean }
  | { kind: 'select'; required: boolean; choices: string[] }
  | { kind: 'list'; required: boolean; min: number; max: number; of: Shape }
  | { kind: 'group'; required: boolean; fields: Record<string, Shape> };

// The schemas take the picture type as a parameter; this one marks "a picture" for the comparison.
const imageMark = z.string();

type Locale = 'pl' | 'en';
const locales: Locale[] = ['pl', 'en'];

/** The lists a value must come from, as the content check reads them from content/. */
const content = 'content';
const knownTags = tagVocabulary(content)!;
const publishedServices = (locale: Locale) =>
  readContentTree(content).entries.filter((entry) => entry.type.type === 'service' && entry.locale === locale && entry.data.draft !== true).map((entry) => String(entry.data.translationKey));
const realLists = (locale: Locale) => new Map<z.ZodType, string[]>([[Tag, [...knownTags[locale]!]], [ServiceKey, publishedServices(locale)]]);

/**
 * A zod schema's shape. `.optional()` is not required; `.default()` is: the site always has a value. A
 * value that must be one of a list of content/ (`lists`: a tag, a service's key) is a choice of that list.
 */
function fromZod(schema: z.ZodType, lists: Map<z.ZodType, string[]>, required = true): Shape {
  if (schema === imageMark) return { kind: 'image', required };
  const list = lists.get(schema);
  if (list) return { kind: 'select', required, choices: [...list].sort() };
  // A date written year-month-day (read into a Date): the editor's date field, which writes that form.
  if (schema === ContentDate) return { kind: 'date', required };
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  // Refinements (.min, .int, …) are checks, each with its own def.
  const check = (name: string) =>
    ((def.checks ?? []) as Array<{ _zod: { def: Record<string, unknown> } }>).map((refinement) => refinement._zod.def).find((refinement) => refinement.check === name);
  switch (def.type) {
    case 'optional':
      return fromZod(def.innerType as z.ZodType, lists, false);
    case 'default':
      return fromZod(def.innerType as z.ZodType, lists, required);
    // A value read another way first (`cover: {}` as no cover): the field is what it becomes.
    case 'pipe':
      return fromZod(def.out as z.ZodType, lists, required);
    case 'string':
      return { kind: 'text', required };
    case 'number':
      return { kind: /int/.test(String(check('number_format')?.format)) ? 'integer' : 'number', required };
    case 'date':
      return { kind: 'date', required };
    case 'boolean':
      return { kind: 'boolean', required };
    case 'enum':
      return { kind: 'select', required, choices: Object.values(def.entries as Record<string, string>).sort() };
    case 'literal':
      return { kind: 'select', required, choices: (def.values as string[]).map(String).sort() };
    case 'array': {
      const min = (check('min_length')?.minimum as number | undefined) ?? 0;
      return { kind: 'list', required: min > 0, min, max: (check('max_length')?.maximum as number | undefined) ?? Infinity, of: fromZod(def.element as z.ZodType, lists) };
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const group = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, fromZod(field, lists)]));
      // The editor cannot make a group optional as a whole: it asks nothing inside an optional group, and
      // the schema check (dev server, build) refuses a half-filled one.
      return { kind: 'group', required, fields: required ? group : Object.fromEntries(Object.entries(group).map(([name, field]) => [name, { ...field, required: false }])) };
    }
    default:
      throw new Error(`no editor field kind for zod type ${String(def.type)}`);
  }
}

type KeystaticField = Record<string, unknown> & { kind: string };
const throws = (run: () => unknown) => {
  try {
    run();
    return false;
  } catch {
    return true;
  }
};

/** A Keystatic field's shape, read from the field itself: its parser and validator say what it accepts. */
function fromKeystatic(field: KeystaticField): Shape {
  if (field.kind === 'object') {
    const group = Object.fromEntries(Object.entries(field.fields as Record<string, KeystaticField>).map(([name, inner]) => [name, fromKeystatic(inner)]));
    return { kind: 'group', required: Object.values(group).some((inner) => inner.required), fields: group };
  }
  if (field.kind === 'array') {
    const length = (field.validation as { length?: { min?: number; max?: number } } | undefined)?.length;
    const min = length?.min ?? 0;
    return { kind: 'list', required: min > 0, min, max: length?.max ?? Infinity, of: fromKeystatic(field.element as KeystaticField) };
  }
  const parse = field.parse as (value: unknown, extra?: unknown) => unknown;
  const validate = field.validate as (value: unknown, extra?: unknown) => unknown;
  // A title that names the file (a slug field) is validated with the other entries' slugs.
  const required = (stored: unknown) =>
    throws(() => {
      const value = parse(stored, { slug: '' });
      return value && typeof value === 'object' && 'slug' in value ? validate(value, { slugField: { slugs: new Set(), glob: '*' } }) : validate(value);
    });
  if (field.formKind === 'asset') return { kind: 'image', required: required(undefined) };
  // A picker of several values: a list of choices, its bounds read from what its validator lets through.
  if (Array.isArray(field.options) && Array.isArray(parse(undefined))) {
    const choices = (field.options as Array<{ value: string }>).map((option) => option.value).sort();
    const passes = (count: number) => !throws(() => validate(Array.from({ length: count }, (_, index) => choices[index % choices.length])));
    const min = Array.from({ length: 51 }, (_, count) => count).find(passes) ?? 0;
    const max = passes(50) ? Infinity : Array.from({ length: 50 }, (_, count) => count).filter(passes).pop()!;
    return { kind: 'list', required: min > 0, min, max, of: { kind: 'select', required: true, choices } };
  }
  // A drop-down whose empty choice is none: an optional choice.
  if (Array.isArray(field.options) && (field.options as Array<{ value: string }>).some((option) => option.value === '')) {
    return { kind: 'select', required: false, choices: (field.options as Array<{ value: string }>).map((option) => option.value).filter(Boolean).sort() };
  }
  if (Array.isArray(field.options)) return { kind: 'select', required: true, choices: (field.options as Array<{ value: string }>).map((option) => option.value).sort() };
  const empty = parse(undefined, { slug: '' });
  if (typeof empty === 'boolean') return { kind: 'boolean', required: true };
  if (typeof empty === 'string' || (empty && typeof empty === 'object' && 'name' in empty)) return { kind: 'text', required: required(undefined) };
  if (!throws(() => parse('2026-11-26'))) return { kind: 'date', required: required(undefined) };
  // Whole numbers only: no fraction passes, whatever range the field allows.
  if ([0.5, 1.5, 100.5].every((fraction) => throws(() => validate(parse(fraction))))) return { kind: 'integer', required: required(undefined) };
  return { kind: 'number', required: required(undefined) };
}

/** A text field that names the file is the file's name, not a value in it (a slug field keeps its name in the file). */
const isFileName = (field: KeystaticField) => (field.serializeWithSlug as (value: unknown) => { value: unknown })({ name: 'x', slug: 'x' }).value === undefined;

/** An entry's front matter as the editor writes it: every field but the Markdown body and a file name. */
function editorShape(schema: Record<string, KeystaticField>, contentField?: string, slugField?: string): Record<string, Shape> {
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([name, field]) => name !== contentField && !(name === slugField && isFileName(field)))
      .map(([name, field]) => [name, fromKeystatic(field)]),
  );
}

const zodShape = (schema: z.ZodObject, lists = realLists('pl')) => (fromZod(schema, lists) as Extract<Shape, { kind: 'group' }>).fields;

const entry = (definition: { schema: Record<string, unknown>; format?: unknown; slugField?: string }) =>
  editorShape(definition.schema as Record<string, KeystaticField>, (definition.format as { contentField?: string } | undefined)?.contentField, definition.slugField);

const pairs: Array<[string, Record<string, unknown>, z.ZodObject, Locale]> = locales.flatMap((locale) => [
  // Every content type of the registry: a new one fails here until the editor has its fields.
  ...contentTypes.map((type) => [`${type.collection}_${locale}`, collections[`${type.collection}_${locale}`], type.schema(imageMark as never), locale]),
  [`questions_${locale}`, collections[`questions_${locale}`], PageQuestionsFile, locale],
  [`site_${locale}`, (singletons as Record<string, unknown>)[`site_${locale}`], SiteFrontmatter, locale],
]) as never;

describe('the form editor fields match the content schemas', () => {
  it('covers every collection the editor offers, no more, no less', () => {
    expect([...Object.keys(collections), ...Object.keys(singletons)].sort()).toEqual(pairs.map(([name]) => name).sort());
  });

  it.each(pairs)('%s: the same fields, kinds, required fields, choices and list lengths', (name, definition, schema, locale) => {
    const editor = entry(definition as never);
    const zod = zodShape(schema, realLists(locale));
    console.log(`${name}: ${Object.keys(zod).length} fields`);
    expect(editor).toEqual(zod);
  });

  it('the pickers offer the real lists: the tags of content/tags.json and the published services, in each language', () => {
    for (const locale of locales) {
      const tags = [...knownTags[locale]!].sort();
      const services = publishedServices(locale).sort();
      console.log(`${locale}: ${tags.length} tags, ${services.length} services`);
      expect(tags.length).toBeGreaterThan(0);
      expect(services.length).toBeGreaterThan(0);
      const articles = entry(collections[`articles_${locale}`] as never);
      expect(articles.tags).toEqual({ kind: 'list', required: true, min: 1, max: 8, of: { kind: 'select', required: true, choices: tags } });
      expect(entry(collections[`services_${locale}`] as never).tags).toEqual(articles.tags);
      expect(entry(collections[`caseStudies_${locale}`] as never).services).toEqual({ kind: 'list', required: true, min: 1, max: 5, of: { kind: 'select', required: true, choices: services } });
      const pricing = entry(collections[`pricing_${locale}`] as never) as Record<string, Extract<Shape, { kind: 'list' }>>;
      const item = (pricing.sections!.of as Extract<Shape, { kind: 'group' }>).fields.items as Extract<Shape, { kind: 'list' }>;
      expect((item.of as Extract<Shape, { kind: 'group' }>).fields.service).toEqual({ kind: 'select', required: false, choices: services });
      // A tag more or less in the real list shows.
      expect(articles).not.toEqual(zodShape(articleFrontmatter(imageMark), new Map([[Tag, [...tags, 'nowy-tag']], [ServiceKey, services]])));
      expect(articles).not.toEqual(zodShape(articleFrontmatter(imageMark), new Map([[Tag, tags.slice(1)], [ServiceKey, services]])));
    }
  });

  it('example questions: one entry per page, named by its file (not a value in it), each question a query, a kind and when it was added', () => {
    const questions = collections.questions_pl as unknown as { path: string; slugField: string; format: { data: string }; schema: Record<string, KeystaticField> };
    expect(questions).toMatchObject({ path: 'content/questions/pl/*', slugField: 'page', format: { data: 'yaml' } });
    expect(isFileName(questions.schema.page!)).toBe(true);
    expect(isFileName((collections.pages_pl as unknown as { schema: Record<string, KeystaticField> }).schema.title!)).toBe(false);
    expect(entry(questions as never)).toEqual({
      questions: { kind: 'list', required: true, min: 1, max: Infinity, of: { kind: 'group', required: true, fields: { query: { kind: 'text', required: true }, kind: expect.objectContaining({ kind: 'select', required: true }), added: { kind: 'text', required: false } } } },
    });
    // A question field added on one side only shows.
    expect(entry(questions as never)).not.toEqual(zodShape(PageQuestionsFile.extend({ questions: z.array(PageQuestionsFile.shape.questions.element.extend({ locale: z.string() })).min(1) })));
  });

  // The comparison itself must see a difference: a field missing, one too many, a kind or a requirement changed.
  it('fails for a field added, removed, retyped or made optional on one side', () => {
    const pages = entry(collections.pages_pl as never);
    const zod = zodShape(PageFrontmatter);
    expect(pages).toEqual(zod);
    expect(zodShape(PageFrontmatter.extend({ subtitle: z.string() }))).not.toEqual(pages);
    const pageSchema = (collections.pages_pl as unknown as { schema: Record<string, KeystaticField> }).schema;
    expect(editorShape({ ...pageSchema, subtitle: pageSchema.translationKey }, 'body')).not.toEqual(zod);
    expect(editorShape({ ...pageSchema, description: (collections.articles_pl as unknown as { schema: Record<string, KeystaticField> }).schema.author }, 'body')).not.toEqual(zod);
    expect(zodShape(PageFrontmatter.omit({ searchTerms: true }))).not.toEqual(pages);
    expect(zodShape(PageFrontmatter.extend({ translationKey: z.number() }))).not.toEqual(pages);
    expect(zodShape(PageFrontmatter.extend({ description: z.string().optional() }))).not.toEqual(pages);
    expect(zodShape(PageFrontmatter.extend({ searchTerms: z.array(z.string()).min(1) }))).not.toEqual(pages);
    const articles = entry(collections.articles_pl as never);
    expect(articles).toEqual(zodShape(articleFrontmatter(imageMark)));
    expect(zodShape(articleFrontmatter(imageMark).extend({ draft: z.string() }))).not.toEqual(articles);
    expect(zodShape(articleFrontmatter(imageMark).extend({ tags: z.array(z.string()).min(2).max(8) }))).not.toEqual(articles);
  });
});
