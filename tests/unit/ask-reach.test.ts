/**
 * `npm run content -- --ask <file>`: how /ask finds a new page, in a copy of the shipped content. A new
 * article on cloud backups is found by its own words and takes questions from the backup article it
 * borders; an article whose words are the price list's ("ile kosztuje strona internetowa") is reached
 * by none of them and is flagged, with the command that drafts example questions.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runContentCommand } from '../../src/editor/content-command';
import { askContent, reachOf } from '../../src/editor/ask-reach';

let root: string;
const article = (slug: string, title: string, description: string, body: string) =>
  `---\ntitle: ${title}\ndescription: "${description}"\npublished: 2026-12-01\ntags: [bezpieczenstwo]\ntranslationKey: ${slug}\n---\n\n${body}\n`;

// Each page keeps its first questions only: the index is built four times per page asked about, and
// the classifier's training grows with the examples (every page keeps some, as shipped).
const QUESTIONS_PER_PAGE = 40;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ask-reach-'));
  cpSync('content', root, { recursive: true, filter: (source) => !source.includes(`${sep}questions${sep}`) });
  for (const locale of ['pl', 'en']) {
    mkdirSync(join(root, 'questions', locale), { recursive: true });
    for (const name of readdirSync(join('content/questions', locale))) {
      const { questions } = parse(readFileSync(join('content/questions', locale, name), 'utf8')) as { questions: unknown[] };
      writeFileSync(join(root, 'questions', locale, name), stringify({ questions: questions.slice(0, QUESTIONS_PER_PAGE) }));
    }
  }
  writeFileSync(join(root, 'articles/pl/kopie-w-chmurze.md'), article('kopie-w-chmurze', 'Kopie zapasowe w chmurze dla fundacji', 'Jak ustawić automatyczną kopię zapasową dokumentów fundacji w chmurze i sprawdzić, że da się je odtworzyć.', '## Dlaczego kopia w chmurze\n\nTekst.\n\n## Jak sprawdzić odtworzenie kopii\n\nCzy wiesz, kiedy ostatnio odtworzyłeś plik z kopii?'));
  writeFileSync(join(root, 'articles/pl/ile-kosztuje-strona.md'), article('ile-kosztuje-strona', 'Ile kosztuje strona internetowa', 'Cena strony internetowej dla fundacji i małej firmy, od czego zależy koszt i ile kosztuje utrzymanie.', '## Cena strony\n\nTekst.'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('how /ask finds a new page', () => {
  it('lists the neighbours\' questions a new page wins, and its own words that find it', { timeout: 180_000 }, async () => {
    const reach = reachOf(await askContent(root), 'article:pl:kopie-w-chmurze')!;
    expect(reach.examples).toBe(0);
    expect(reach.neighbours).toContain('article:pl:kopie-zapasowe-3-2-1');
    expect(reach.asked).toBeGreaterThan(50);
    expect(reach.wins.some((win) => win.page === 'article:pl:kopie-zapasowe-3-2-1')).toBe(true);
    expect(reach.probes.map((probe) => probe.text)).toContain('Kopie zapasowe w chmurze dla fundacji');
    expect(reach.reached).toBe(true);
  });

  it('flags, in the page\'s language, a page none of its own words reaches (npm run content -- --ask)', { timeout: 180_000 }, async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void lines.push(text));
    const file = join(root, 'articles/pl/ile-kosztuje-strona.md');
    expect(await runContentCommand([root, '--ask', file])).toBe(0);
    vi.restoreAllMocks();
    const report = lines.join('\n');
    expect(report).toContain('article:pl:ile-kosztuje-strona');
    expect(report).toContain('brak pytań przykładowych');
    expect(report).toMatch(/„Ile kosztuje strona internetowa”\s+\(pierwsza: pricing:pl:cennik/);
    expect(report).toContain('ostrzeżenie: żadne pytanie własnymi słowami strony nie prowadzi do niej');
    expect(report).toContain(`npm run ask:draft -- ${file}`);
  });

  it('refuses a file that is no page /ask answers with, and content that does not read', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((text: string) => void errors.push(text));
    expect(await runContentCommand([root, '--ask', join(root, 'site/pl.md')])).toBe(2);
    expect(await runContentCommand([root, '--ask', join(root, 'articles/pl/nie-ma.md')])).toBe(2);
    vi.restoreAllMocks();
    expect(errors.join('\n')).toMatch(/no such page|nie odpowiada taką stroną/);
  });
});
