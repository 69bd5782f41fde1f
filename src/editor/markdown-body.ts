/**
 * The body of an entry as the Markdown it is, in a plain text area, saved byte for byte. Keystatic's
 * rich-text fields rewrite the whole file on save (lists, tables, escapes) and turn a picture they
 * cannot load into escaped text, so the site's Markdown would change where the editor touched nothing.
 */
import type { ContentFormField } from '@keystatic/core';
import { TextArea } from '@keystar/ui/text-field';
import { createElement } from 'react';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export function markdownBody(label: string, description: string): ContentFormField<string, string, string> {
  const parse = (_value: unknown, { content }: { content: Uint8Array | undefined }) => (content ? decoder.decode(content) : '');
  return {
    kind: 'form',
    formKind: 'content',
    contentExtension: '.md',
    // The content area has no padding of its own (Keystatic's rich text brings it).
    Input: ({ value, onChange, autoFocus }) =>
      createElement('div', { style: { padding: '1.5rem 2rem' } }, createElement(TextArea, { label, description, value, onChange, autoFocus, height: 'scale.6000' })),
    defaultValue: () => '',
    parse,
    serialize: (value) => ({ value: undefined, content: encoder.encode(value), other: new Map(), external: new Map() }),
    validate: (value) => value,
    reader: { parse },
  };
}
