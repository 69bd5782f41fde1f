/**
 * The pages that list (all articles, all case studies) and the newsletter sign-up are /ask results of
 * their own: a request for the whole list or for the newsletter has a page that answers it, and their
 * example questions (content/questions/<locale>/page-<slug>.yaml) name a page the content check knows.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentsFromCatalog } from '../../src/server/ask/documents';
import { allListingIds } from '../../src/server/ask/listing-documents';
import { checkContentTree } from '../../src/editor/content-cli';
import { makeCatalog, siteUrl } from '../support/catalog-fixture';

const byId = new Map(documentsFromCatalog(makeCatalog(), siteUrl).map((document) => [document.id, document]));

describe('/ask listing documents', () => {
  it('answers with the article and case-study listings and the newsletter form, in both languages', () => {
    expect(byId.get('page:pl:artykuly')).toMatchObject({ type: 'page', title: 'Artykuły', url: `${siteUrl}/artykuly/`, source: `${siteUrl}/artykuly.md` });
    expect(byId.get('page:en:articles')).toMatchObject({ type: 'page', url: `${siteUrl}/en/articles/` });
    expect(byId.get('page:pl:realizacje')).toMatchObject({ type: 'page', title: 'Realizacje', url: `${siteUrl}/realizacje/` });
    expect(byId.get('page:en:case-studies')).toMatchObject({ type: 'page', title: 'Case studies', url: `${siteUrl}/en/case-studies/` });
    expect(byId.get('page:pl:newsletter')).toMatchObject({ type: 'page', url: `${siteUrl}/#newsletter-heading`, source: `${siteUrl}/index.md` });
    expect(byId.get('page:en:newsletter')).toMatchObject({ url: `${siteUrl}/en/#newsletter-heading` });
    // A listing and its translation share a key, so a foreign hit is replaced by the asked language's.
    expect(byId.get('page:pl:realizacje')!.key).toBe(byId.get('page:en:case-studies')!.key);
    expect(allListingIds().every((id) => byId.has(id))).toBe(true);
  });

  const copies: string[] = [];
  afterAll(() => copies.forEach((copy) => rmSync(copy, { recursive: true, force: true })));

  it('lets a listing have example questions (the content check knows its file name)', () => {
    const root = mkdtempSync(join(tmpdir(), 'ask-listings-'));
    copies.push(root);
    cpSync('tests/fixtures/content', root, { recursive: true });
    const questions = (locale: string, name: string) => {
      mkdirSync(join(root, 'questions', locale), { recursive: true });
      writeFileSync(join(root, 'questions', locale, `${name}.yaml`), `questions:\n  - query: pytanie o ${name}\n    kind: paraphrase\n`);
    };
    questions('pl', 'page-artykuly');
    questions('en', 'page-newsletter');
    questions('pl', 'page-artykul');
    const questionFindings = checkContentTree(root, 'en').findings.filter((finding) => finding.file.startsWith('questions/'));
    expect(questionFindings.map((finding) => finding.file)).toEqual(['questions/pl/page-artykul.yaml']);
    expect(questionFindings[0]!.message).toContain('page-artykuly');
  });
});
