import { describe, expect, it } from 'vitest';
import { InvertedIndex, type QueryTerm } from '../../src/server/ask/inverted-index';

const tokenize = (text: string) => text.split(/\s+/).filter(Boolean);
const lower = (term: string) => (term === 'the' ? null : term.toLowerCase());
const bm25 = { k: 1.2, b: 0.7, d: 0.5 };
const weights = { prefix: 0.375, fuzzy: 0.45 };

function build(documents: string[][]) {
  const index = new InvertedIndex(2, tokenize, lower);
  for (const fields of documents) index.add(fields);
  index.finish();
  return index;
}
const term = (text: string, extra: Partial<QueryTerm> = {}): QueryTerm => ({ term: text, boost: 1, prefix: false, fuzzy: 0, ...extra });
const run = (index: InvertedIndex, query: QueryTerm[], options: { fieldBoost?: number[]; limit?: number; documentWeight?: (document: number) => number } = {}) =>
  index.search(query, index.derive(query, weights), { fieldBoost: options.fieldBoost ?? [1, 1], bm25, weights, limit: options.limit ?? 10, documentWeight: options.documentWeight });

describe('/ask inverted index', () => {
  const index = build([
    ['Backups', 'the backup rule and a backup drive'],
    ['Passwords', 'a password manager'],
    ['Backup passwords', 'store the backup of passwords'],
  ]);

  it('scores BM25F: one field is BM25+, and documents are counted in any field', () => {
    expect(index.documentFrequency('backup')).toBe(2);
    expect(index.documentFrequency('the')).toBe(0);
    const [only] = run(index, [term('manager')]);
    // One document of three has "manager" once in a field of 3 distinct terms (average 4 = (5+3+4)/3).
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const expected = idf * (bm25.d + (1 * (bm25.k + 1)) / (1 + bm25.k * (1 - bm25.b + (bm25.b * 3) / 4)));
    expect(only!.document).toBe(1);
    expect(only!.score).toBeCloseTo(expected, 10);
    const titleBoosted = run(index, [term('backup')], { fieldBoost: [10, 1] });
    expect(titleBoosted[0]!.document).toBe(2);
  });

  it('sums a term over the fields before saturating it, with the IDF of the whole document', () => {
    // "backup" is in both fields of document 2: title 1× (length 2, average 4/3), body 1× (length 4, average 4).
    const [hit] = run(index, [term('backup')], { fieldBoost: [3, 1] }).filter((item) => item.document === 2);
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5));
    const title = (3 * 1) / (1 - bm25.b + (bm25.b * 2) / (4 / 3));
    const body = (1 * 1) / (1 - bm25.b + (bm25.b * 4) / 4);
    const frequency = title + body;
    expect(hit!.score).toBeCloseTo(idf * (bm25.d + (frequency * (bm25.k + 1)) / (frequency + bm25.k)), 10);
    // Saturated once: less than the two fields scored apart and added.
    const apart = [title, body].reduce((sum, value) => sum + idf * (bm25.d + (value * (bm25.k + 1)) / (value + bm25.k)), 0);
    expect(hit!.score).toBeLessThan(apart);
  });

  it('multiplies by the number of question words covered: expansions of one word count once', () => {
    // "drive" stands for question word 0 ("backup"), as a thesaurus expansion would.
    const expanded = [term('backup'), term('manager'), term('drive', { covers: [0] })];
    const [withExpansion] = run(index, expanded).filter((item) => item.document === 0);
    const [alone] = run(index, [term('backup'), term('manager'), term('drive', { covers: [0] })].slice(0, 1)).filter((item) => item.document === 0);
    const driveOnly = run(index, [term('drive')]).find((item) => item.document === 0)!;
    // Document 0 covers one question word ("backup", directly and through "drive"): factor 1, not 2.
    expect(withExpansion!.score).toBeCloseTo(alone!.score + driveOnly.score, 10);
    // The same term standing for its own word counts as a second word.
    const [asWord] = run(index, [term('backup'), term('drive')]).filter((item) => item.document === 0);
    expect(asWord!.score).toBeCloseTo(2 * (alone!.score + driveOnly.score), 10);
  });

  it('multiplies by the number of question terms matched, and by the document weight', () => {
    const both = run(index, [term('backup'), term('passwords')]);
    expect(both[0]!.document).toBe(2);
    const weighted = run(index, [term('backup'), term('passwords')], { documentWeight: (document) => (document === 2 ? 0 : 1) });
    expect(weighted.map((hit) => hit.document)).not.toContain(2);
  });

  it('keeps the best `limit` documents, best first', () => {
    const all = run(index, [term('backup'), term('password'), term('passwords'), term('manager')]);
    const two = run(index, [term('backup'), term('password'), term('passwords'), term('manager')], { limit: 2 });
    expect(two).toEqual(all.slice(0, 2));
    for (let at = 1; at < all.length; at++) expect(all[at - 1]!.score).toBeGreaterThanOrEqual(all[at]!.score);
  });

  it('matches by prefix and by typo, at lower weights, and reports which terms matched where', () => {
    const query = [term('pass', { prefix: true })];
    const derived = index.derive(query, weights);
    expect(derived.map((item) => item.term).sort()).toEqual(['pass', 'password', 'passwords']);
    // A swap of two neighbouring letters is one edit.
    const typo = [term('bakcup', { fuzzy: 1 })];
    expect(index.derive(typo, weights).map((item) => item.term)).toContain('backup');
    const [hit] = run(index, typo);
    expect(hit).toBeDefined();
    const exact = run(index, [term('backup')]);
    expect(hit!.score).toBeLessThan(exact.find((item) => item.document === hit!.document)!.score);
    expect(index.matchOf(2, query, derived)).toEqual({ queryTerms: ['pass'], match: { passwords: [0, 1] } });
  });

  it('keeps the words of the texts as written, and matches a corrected term at the typo weight', () => {
    const words = build([['Backups', 'the backup']]);
    expect(words.takeWords()).toEqual(expect.arrayContaining(['Backups', 'backup']));
    expect(words.takeWords()).toEqual([]);
    const corrected = [term('bakcupy', { corrections: ['backup'] })];
    const derived = index.derive(corrected, weights);
    expect(derived).toContainEqual({ source: 0, term: 'backup', weight: weights.fuzzy });
    expect(run(index, corrected)[0]!.score).toBeLessThan(run(index, [term('backup')])[0]!.score);
  });

  it('scores the fields after `textFields` but keeps their words out of the texts\' words', () => {
    const questions = new InvertedIndex(2, tokenize, lower, { textFields: 1 });
    questions.add(['Backups', 'bakups for the office']);
    questions.add(['Office', 'backups']);
    questions.finish();
    expect(questions.takeWords().sort()).toEqual(['Backups', 'Office']);
    // "bakups" scores the first document, but is not a word of the texts: the speller may correct it.
    expect(run(questions, [term('bakups')]).map((hit) => hit.document)).toEqual([0]);
    expect(questions.documentFrequency('bakups')).toBe(1);
    expect(questions.hasTextTerm('bakups')).toBe(false);
    expect(questions.hasTextTerm('office')).toBe(true);
    expect(questions.hasTextTerm('backups')).toBe(true);
    // A token seen first in a question and later in a text is a word of the texts.
    const later = new InvertedIndex(2, tokenize, lower, { textFields: 1 });
    later.add(['Drive', 'bakups']);
    later.add(['bakups', '']);
    later.finish();
    expect(later.takeWords().sort()).toEqual(['Drive', 'bakups']);
    expect(later.hasTextTerm('bakups')).toBe(true);
  });

  it('leaves its scratch arrays clean: the same search twice gives the same scores', () => {
    expect(run(index, [term('backup'), term('password')])).toEqual(run(index, [term('backup'), term('password')]));
  });
});
