/**
 * `npm run ask:draft -- <file>`: a draft of a new page's example questions. With a model configured
 * (CHAT_BASE_URL, as the website chat), the model is asked at its wire format (a fake OpenAI-compatible
 * server) and its lines become the draft; without one, the page's own words do. The draft is a file
 * of content/questions/ in its format, and a questions file that exists is never overwritten.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PageQuestionsFile } from '../../src/server/schemas/content';
import { draftFromPage, questionsOfModelText } from '../../src/editor/question-draft';
import type { AskDocument } from '../../src/server/ask/documents';
import { lastUserText, startModelFake, type ModelFake } from '../support/openai-fake';

const run = promisify(execFile);
let root: string;
let fake: ModelFake;
const page = 'articles/pl/kopie-w-chmurze.md';
const draftFile = 'questions/pl/article-kopie-w-chmurze.yaml';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ask-draft-'));
  cpSync('content', root, { recursive: true });
  writeFileSync(
    join(root, page),
    '---\ntitle: Kopie zapasowe w chmurze dla fundacji\ndescription: "Jak ustawić automatyczną kopię zapasową dokumentów fundacji w chmurze. I sprawdzić, że da się je odtworzyć."\npublished: 2026-12-01\ntags: [bezpieczenstwo]\ntranslationKey: kopie-w-chmurze\nsearchTerms: [backup w chmurze]\n---\n\n## Jak sprawdzić odtworzenie kopii\n\nCzy wiesz, kiedy ostatnio odtworzyłeś plik z kopii?\n',
  );
  fake = await startModelFake(() => ({ text: '1. jak zrobić backup dokumentów fundacji w chmurze\n2. "kopia zapasowa online dla stowarzyszenia"\n- czy chmura wystarczy jako kopia\n\n' }));
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await fake.close();
});
afterEach(() => rmSync(join(root, draftFile), { force: true }));

/** The command as an editor runs it; every setting of the model given (an empty one wins over a .env). */
const draft = (args: string[], model: Record<string, string>) =>
  run(process.execPath, ['scripts/ask/draft.mjs', ...args], { env: { ...process.env, CHAT_BASE_URL: '', AI_GATEWAY_API_KEY: '', CONTENT_LANG: '', ...model }, timeout: 120_000 });

describe('npm run ask:draft', () => {
  it('asks the configured model and writes its questions as the page\'s example questions file', { timeout: 120_000 }, async () => {
    const { stdout } = await draft([join(root, page)], { CHAT_BASE_URL: fake.url, CHAT_MODEL: 'fake-model' });
    expect(stdout).toContain('Zapisano szkic');
    expect(stdout).toContain('fake-model');
    const file = PageQuestionsFile.parse(parse(readFileSync(join(root, draftFile), 'utf8')));
    expect(file.questions.map((question) => question.query)).toEqual(['jak zrobić backup dokumentów fundacji w chmurze', 'kopia zapasowa online dla stowarzyszenia', 'czy chmura wystarczy jako kopia']);
    expect(file.questions[0]!.added).toMatch(/^\d{4}-\d{2}-\d{2} draft, model fake-model$/);
    // The model read the page as data, in the page's language.
    const request = fake.requests.at(-1)!;
    expect(lastUserText(request)).toContain('Title: Kopie zapasowe w chmurze dla fundacji');
    expect(lastUserText(request)).toContain('Headings: Jak sprawdzić odtworzenie kopii');
    expect(JSON.stringify(request.messages[0])).toContain('in Polish');
  });

  it('without a model drafts from the page\'s own words, and never overwrites a questions file', { timeout: 120_000 }, async () => {
    const { stdout } = await draft([join(root, page)], {});
    expect(stdout).toContain('z tytułu, opisu, searchTerms i nagłówków strony');
    const written = readFileSync(join(root, draftFile), 'utf8');
    const queries = PageQuestionsFile.parse(parse(written)).questions.map((question) => question.query);
    expect(queries).toEqual(['Kopie zapasowe w chmurze dla fundacji', 'Jak ustawić automatyczną kopię zapasową dokumentów fundacji w chmurze', 'backup w chmurze', 'Jak sprawdzić odtworzenie kopii', 'Czy wiesz, kiedy ostatnio odtworzyłeś plik z kopii?']);

    // Again, now with the file there and the model answering: the file stays as it was, the new questions are printed.
    const again = await draft([join(root, page)], { CHAT_BASE_URL: fake.url, CHAT_MODEL: 'fake-model' });
    expect(readFileSync(join(root, draftFile), 'utf8')).toBe(written);
    expect(again.stderr).toContain('już istnieje i nie zostanie nadpisany');
    expect(PageQuestionsFile.parse(parse(again.stdout)).questions).toHaveLength(3);
  });

  it('says what it needs when the file is not a page', { timeout: 60_000 }, async () => {
    const error = await draft([join(root, 'site/pl.md')], {}).catch((failure: { code: number; stderr: string }) => failure);
    expect(error).toMatchObject({ code: 2 });
    expect((error as { stderr: string }).stderr).toMatch(/\/ask answers with no such page|nie odpowiada taką stroną/);
    expect(existsSync(join(root, 'questions/pl/article-site.yaml'))).toBe(false);
  });
});

describe('the draft\'s questions', () => {
  it('reads the model\'s lines without numbers, bullets, quotes or repetitions', () => {
    expect(questionsOfModelText('1) Jak zrobić kopię?\n* „kopia w chmurze”\n- Jak zrobić kopię?\nx\n')).toEqual(['Jak zrobić kopię?', 'kopia w chmurze']);
  });

  it('drafts from the title, the first sentence of the description, the search terms and the headings', () => {
    const document = { title: 'Tytuł', summary: 'Pierwsze zdanie. Drugie zdanie.', keywords: 'hasło', body: '## Nagłówek\n\nTekst?' } as AskDocument;
    expect(draftFromPage(document)).toEqual(['Tytuł', 'Pierwsze zdanie', 'hasło', 'Nagłówek', 'Tekst?']);
  });
});
