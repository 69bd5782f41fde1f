/**
 * The example questions' files (content/questions/<locale>/<page>.yaml) and their one reader
 * (src/server/ask/example-questions.ts): a file's name says its page and back, and the shipped files
 * are laid out as the form editor writes them, so an editor's first save changes only what they changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error js-yaml ships no types; it is what the editor (Keystatic) writes YAML with.
import { dump } from 'js-yaml';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadExampleQuestionFiles, questionFileName, questionFilePage } from '../../src/server/ask/example-questions';

const content = join(process.cwd(), 'content');

describe('example question files', () => {
  it('name their page, and a name says the page back', () => {
    // off-topic: the questions no page answers.
    const ids = ['article:pl:kopie-zapasowe-3-2-1', 'service:en:it-support', 'page:pl:o-nas', 'case_study:en:bakery-automation', 'pricing:pl:cennik', 'pricing:en:pricing#it-support', 'contact:pl', 'consultation:en', 'off-topic:pl'];
    const names = ids.map(questionFileName);
    expect(names).toEqual(['article-kopie-zapasowe-3-2-1', 'service-it-support', 'page-o-nas', 'case-study-bakery-automation', 'pricing-cennik', 'pricing-pricing.it-support', 'contact', 'consultation', 'off-topic']);
    expect(names.map((name, at) => questionFilePage(ids[at]!.split(':')[1] as 'pl' | 'en', name))).toEqual(ids);
    // Names that say no page: an unknown kind, a section outside pricing, two sections, capitals.
    for (const name of ['artykul-a', 'article-a.section', 'pricing-cennik.a.b', 'article-Kopie', 'contacts', 'offtopic']) expect(questionFilePage('pl', name)).toBeUndefined();
  });

  it('are all readable, each for a page of its language, laid out as the editor writes them', () => {
    const files = loadExampleQuestionFiles(content);
    const count = files.reduce((sum, file) => sum + file.questions.length, 0);
    console.log(`${files.length} files, ${count} example questions`);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      expect(file.problem, file.file).toBeUndefined();
      expect(file.expected?.split(':')[1], file.file).toBe(file.locale);
      const text = readFileSync(join(content, file.file), 'utf8');
      // Keystatic writes its YAML with js-yaml's dump; the loader reads it with yaml: both agree.
      expect(dump(parse(text)), file.file).toBe(text);
    }
  });
});
