/**
 * The form editor's fields (src/editor/keystatic-fields.ts) and the content schemas
 * (src/server/schemas/content.ts) describe the same files: for every collection, both are reduced to one
 * shape (field names; kind text/number/integer/date/boolean/select/image/list/group; required; the
 * choices of a select; the length bounds of a list) and the two shapes must be equal. A field added,
 * removed or retyped on one side only fails here.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collections, singletons } from '../../src/editor/keystatic-fields';
import { contentTypes } from '../../src/server/catalog/content-types';
import { articleFrontmatter, ContentDate, PageFrontmatter, PageQuestionsFile, SiteFrontmatter } from '../../src/server/schemas/content';

type Shape =
  | { kind: 'text' | 'number' | 'integer' | 'date' | 'boolean' | 'image'; required: boolean }
  | { kind: 'select'; required: boolean; choices: string[] }
  | { kind: 'list'; required: boolean; min: number; max: number; of: Shape }
  | { kind: 'group'; required: boolean; fields: Record<string, Shape> };

// The schemas take the picture type as a parameter; this one marks "a picture" for the comparison. The
// editor names a picture by its path, as text (src/editor/keystatic-fields.ts says why).
const imageMark = z.string();

/** A zod schema's shape. `.optional()` is not required; `.default()` is: the site always has a value. */
function fromZod(schema: z.ZodType, required = true): Shape {
  if (schema === imageMark) return { kind: 'text', required };
  // A date written year-month-day (read into a Date): the editor's date field, which writes that form.
  if (schema === ContentDate) return { kind: 'date', required };
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  // Refinements (.min, .int, …) are checks, each with its own def.
  const check = (name: string) =>
    ((def.checks ?? []) as Array<{ _zod: { def: Record<string, unknown> } }>).map((refinement) => refinement._zod.def).find((refinement) => refinement.check === name);
  switch (def.type) {
    case 'optional':
      return fromZod(def.innerType as z.ZodType, false);
    case 'default':
      return fromZod(def.innerType as z.ZodType, required);
    // A value read another way first (`cover: {}` as no cover): the field is what it becomes.
    case 'pipe':
      return fromZod(def.out as z.ZodType, required);
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
      return { kind: 'list', required: min > 0, min, max: (check('max_length')?.maximum as number | undefined) ?? Infinity, of: fromZod(def.element as z.ZodType) };
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const group = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, fromZod(field)]));
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

const zodShape = (schema: z.ZodObject) => (fromZod(schema) as Extract<Shape, { kind: 'group' }>).fields;

const entry = (definition: { schema: Record<string, unknown>; format?: unknown; slugField?: string }) =>
  editorShape(definition.schema as Record<string, KeystaticField>, (definition.format as { contentField?: string } | undefined)?.contentField, definition.slugField);

const pairs: Array<[string, Record<string, unknown>, z.ZodObject]> = (['pl', 'en'] as const).flatMap((locale) => [
  // Every content type of the registry: a new one fails here until the editor has its fields.
  ...contentTypes.map((type) => [`${type.collection}_${locale}`, collections[`${type.collection}_${locale}`], type.schema(imageMark as never)]),
  [`questions_${locale}`, collections[`questions_${locale}`], PageQuestionsFile],
  [`site_${locale}`, (singletons as Record<string, unknown>)[`site_${locale}`], SiteFrontmatter],
]) as never;

describe('the form editor fields match the content schemas', () => {
  it('covers every collection the editor offers, no more, no less', () => {
    expect([...Object.keys(collections), ...Object.keys(singletons)].sort()).toEqual(pairs.map(([name]) => name).sort());
  });

  it.each(pairs)('%s: the same fields, kinds, required fields, choices and list lengths', (name, definition, schema) => {
    const editor = entry(definition as never);
    const zod = zodShape(schema);
    console.log(`${name}: ${Object.keys(zod).length} fields`);
    expect(editor).toEqual(zod);
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
