/**
 * The form editor's picture and picker fields as Keystatic calls them when it opens and saves an entry:
 * a picture named by a path outside the folder Keystatic manages (a cover shared in content/media/)
 * keeps its path, where Keystatic's own image field, configured the same way, drops it; an upload is
 * written to content/media/<entry>/ under the field's name; a picker keeps its bounds and a value the
 * list no longer has.
 */
import { fields } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import { optionalPicker, picker, picture } from '../../src/editor/picker-fields';

const bytes = new Uint8Array([137, 80, 78, 71]);
const shared = '../../media/kopie-zapasowe-3-2-1-okladka.png';

/** What Keystatic does on open then save: the file it found for the path (none outside its folder), then the value written. */
function openAndSave(field: ReturnType<typeof picture> | ReturnType<typeof fields.image>, value: string | undefined, asset: Uint8Array | undefined, slug = 'kopie-zapasowe-3-2-1') {
  const parsed = field.parse(value, { asset, slug });
  return field.serialize(parsed as never, { suggestedFilenamePrefix: 'cover/src', slug });
}

describe('the picture field', () => {
  const cover = picture('Okładka / Cover', '', 'content/articles/pl', true);

  it('keeps a path outside content/media/<entry>/ on save, which Keystatic\'s image field with the same folder drops', () => {
    const keystatic = fields.image({ label: 'Cover', directory: 'content/media', publicPath: '../../media/' });
    expect(openAndSave(keystatic, shared, undefined)).toEqual({ value: undefined, asset: undefined });
    expect(openAndSave(cover, shared, undefined)).toEqual({ value: shared, asset: undefined });
    expect(openAndSave(cover, './fundacja-zielony-prog.svg', undefined, 'fundacja-zielony-prog')).toEqual({ value: './fundacja-zielony-prog.svg', asset: undefined });
    // Keystatic looks for no file of its own for such a path.
    expect(cover.filename(shared, { slug: 'kopie-zapasowe-3-2-1', suggestedFilenamePrefix: undefined })).toBeUndefined();
  });

  it('writes an upload to content/media/<entry>/ under the field\'s name, with the path from the entry\'s file', () => {
    expect(cover.directory).toBe('content/media');
    const saved = cover.serialize({ data: bytes, extension: 'png', filename: 'Moja okładka.png' }, { suggestedFilenamePrefix: 'cover/src', slug: 'nowy-artykul' });
    expect(saved).toEqual({ value: '../../media/nowy-artykul/cover.png', asset: { filename: 'cover.png', content: bytes } });
    // An upload of its own is found again by the name it was written under.
    expect(cover.filename('../../media/nowy-artykul/cover.png', { slug: 'nowy-artykul', suggestedFilenamePrefix: undefined })).toBe('cover.png');
    expect(openAndSave(cover, '../../media/kopie-zapasowe-3-2-1/cover.png', bytes).value).toBe('../../media/kopie-zapasowe-3-2-1/cover.png');
    // A case study's second picture.
    expect(cover.serialize({ data: bytes, extension: 'jpg', filename: 'x.jpg' }, { suggestedFilenamePrefix: 'images/1/src', slug: 'szkola' }).value).toBe('../../media/szkola/images-1.jpg');
  });

  it('is required unless optional, and empty when removed', () => {
    expect(() => cover.validate(null)).not.toThrow();
    expect(() => picture('Obraz', '', 'content/case-studies/pl').validate(null)).toThrow();
    expect(openAndSave(cover, undefined, undefined)).toEqual({ value: undefined, asset: undefined });
  });
});

describe('the picker', () => {
  const tags = picker('Tagi / Tags', '', [{ label: 'Chmura', value: 'chmura' }, { label: 'Automatyzacja', value: 'automatyzacja' }], { min: 1, max: 2 });

  it('refuses fewer or more values than the schema allows', () => {
    expect(() => tags.validate([])).toThrow();
    expect(tags.validate(['chmura'])).toEqual(['chmura']);
    expect(() => tags.validate(['chmura', 'automatyzacja', 'x'])).toThrow();
  });

  it('opens an entry with a value the list does not have, and writes it back until it is unticked', () => {
    expect(tags.serialize(tags.parse(['chmura', 'stary-tag']))).toEqual({ value: ['chmura', 'stary-tag'] });
    expect(tags.parse(undefined)).toEqual([]);
    expect(() => tags.parse('chmura')).toThrow();
  });
});

describe('the optional picker', () => {
  const service = optionalPicker('Usługa / Service', '', [{ label: 'Strony internetowe', value: 'web-design' }]);

  it('writes nothing for none, the value otherwise, and keeps a value the list does not have', () => {
    expect(service.serialize(service.parse(undefined))).toEqual({ value: undefined });
    expect(service.serialize(service.parse('web-design'))).toEqual({ value: 'web-design' });
    expect(service.serialize(service.parse('stara-usluga'))).toEqual({ value: 'stara-usluga' });
  });
});
