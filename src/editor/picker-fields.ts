/**
 * Form-editor fields Keystatic has only in part: pickers of values from a list read at load (tags,
 * services: editor-choices.ts) with the schema's bounds, and a picture with upload that keeps a picture
 * it did not upload.
 */
import { fields, type AssetFormField, type BasicFormField } from '@keystatic/core';
import { Text } from '@keystar/ui/typography';
import { createElement, useEffect, useState } from 'react';
import type { Choice } from './editor-choices';

/**
 * Several values picked from `choices` (checkboxes), between `length.min` and `length.max` of them. A value
 * the file holds and the list does not (a tag removed from tags.json) is shown, ticked, and kept until
 * unticked: Keystatic's own multiselect refuses to open such an entry.
 */
export function picker(label: string, description: string, choices: Choice[], length: { min: number; max: number }): BasicFormField<readonly string[]> & { options: Choice[] } {
  const known = new Set(choices.map((choice) => choice.value));
  const problem = (value: readonly string[]) =>
    value.length < length.min || value.length > length.max ? `${label}: ${length.min}–${length.max}` : undefined;
  const parse = (value: unknown): readonly string[] => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw new Error(`${label}: a list of values`);
    return value;
  };
  return {
    kind: 'form',
    label,
    options: choices,
    Input(props) {
      const unknown = props.value.filter((value) => !known.has(value)).map((value) => ({ label: `${value} (?)`, value }));
      const inner = fields.multiselect({ label, description, options: [...choices, ...unknown] });
      const error = props.forceValidation ? problem(props.value) : undefined;
      return createElement('div', null, inner.Input(props), error ? createElement(Text, { color: 'critical', size: 'small' }, error) : null);
    },
    defaultValue: () => [],
    parse,
    validate(value) {
      const wrong = problem(value);
      if (wrong) throw new Error(wrong);
      return value;
    },
    serialize: (value) => ({ value: [...value] }),
    reader: { parse },
  };
}

/**
 * At most one value picked from `choices` (a drop-down whose first line, "—", is none: nothing is written).
 * A value the file holds and the list does not is offered too, so opening the entry keeps it.
 */
export function optionalPicker(label: string, description: string, choices: Choice[]): BasicFormField<string> & { options: Choice[] } {
  const none: Choice = { label: '—', value: '' };
  const known = new Set(choices.map((choice) => choice.value));
  const parse = (value: unknown): string => {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw new Error(`${label}: one value`);
    return value;
  };
  return {
    kind: 'form',
    label,
    options: [none, ...choices],
    Input(props) {
      const unknown = props.value && !known.has(props.value) ? [{ label: `${props.value} (?)`, value: props.value }] : [];
      return fields.select({ label, description, options: [none, ...choices, ...unknown], defaultValue: '' }).Input(props);
    },
    defaultValue: () => '',
    parse,
    validate: (value) => value,
    serialize: (value) => ({ value: value || undefined }),
    reader: { parse },
  };
}

/** A picture as the form holds it: the file's bytes, or (`kept`) the path of a picture the editor did not upload. */
export type Picture = { data: Uint8Array; extension: string; filename: string; kept?: string };

// Every picture in content/, by path, as the dev server serves it: a kept picture is shown from here.
const pictureFiles = import.meta.glob<string>('/content/**/*.{png,jpg,jpeg,webp,gif,avif,svg}', { query: '?url', import: 'default' });

/** A picture's bytes from its address; Vite gives a small file as a data: URL, which the CSP lets no fetch read. */
async function bytesAt(url: string): Promise<Uint8Array> {
  if (!url.startsWith('data:')) return new Uint8Array(await (await fetch(url)).arrayBuffer());
  const comma = url.indexOf(',');
  const body = url.slice(comma + 1);
  return url.slice(0, comma).endsWith(';base64') ? Uint8Array.from(atob(body), (char) => char.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(body));
}

/**
 * An uploaded picture goes to content/media/<entry's file name>/ and the front matter names it from the
 * entry's file (`../../media/<name>/cover.png`), the path Astro's `image()` reads. Keystatic's image
 * field loads only the pictures in that folder and drops any other path on save (a cover shared by both
 * languages in content/media/, a case study's picture beside its file): here such a path is kept as it
 * is, shown, and replaced only when a picture is uploaded in its place or removed.
 *
 * `folder` is the entry's folder (content/articles/pl), to find a kept picture for the preview.
 */
export function picture(label: string, description: string, folder: string, optional = false): AssetFormField<Picture | null, Picture | null, string | null> {
  const publicPath = '../../media/';
  const image = fields.image({ label, description, directory: 'content/media', publicPath, validation: { isRequired: !optional } });
  const managed = (value: unknown, slug: string | undefined) => typeof value === 'string' && value.startsWith(`${publicPath}${slug}/`);
  return {
    ...image,
    Input(props) {
      const kept = props.value?.kept;
      const [data, setData] = useState<Uint8Array | undefined>();
      useEffect(() => {
        setData(undefined);
        if (!kept) return;
        const path = new URL(kept, `http://editor/${folder}/entry.md`).pathname;
        let live = true;
        void pictureFiles[path]?.()
          .then(bytesAt)
          .then((bytes) => live && setData(bytes))
          .catch(() => undefined);
        return () => {
          live = false;
        };
      }, [kept]);
      const value = props.value && kept ? { ...props.value, data: data ?? props.value.data } : props.value;
      return image.Input({ ...props, value });
    },
    filename: (value, extra) => (managed(value, extra.slug) ? image.filename(value, extra) : undefined),
    parse(value, extra) {
      const parsed = image.parse(value, extra);
      if (parsed || typeof value !== 'string' || !value) return parsed;
      return { data: new Uint8Array(), extension: /\.([^./]+)$/.exec(value)?.[1] ?? '', filename: value.split('/').pop() ?? value, kept: value };
    },
    serialize(value, extra) {
      if (value?.kept) return { value: value.kept, asset: undefined };
      // Named after the field (`cover`, `images-0`), as Keystatic suggests, flat in the entry's folder.
      const prefix = extra.suggestedFilenamePrefix?.replace(/\/src$/, '').replaceAll('/', '-');
      return image.serialize(value, { ...extra, suggestedFilenamePrefix: prefix });
    },
  };
}
