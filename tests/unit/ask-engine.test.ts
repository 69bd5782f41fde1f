import { describe, expect, it } from 'vitest';
import { answerAsk, askEventStream } from '../../src/server/ask/answer';
import { offTopicQuestions, withExampleQuestions, type AskDocument } from '../../src/server/ask/documents';
import { buildAskIndex, CONFIDENT, defaultLimits } from '../../src/server/ask/engine';
import { AskRequest, AskResponse } from '../../src/server/schemas/ask';

const base = 'https://example.org';
function doc(fields: Partial<AskDocument> & Pick<AskDocument, 'id' | 'type' | 'locale' | 'key' | 'title'>): AskDocument {
  return { summary: '', url: `${base}/${fields.id}/`, source: `${base}/${fields.id}.md`, tags: [], keywords: '', body: '', ...fields };
}

const documents: AskDocument[] = [
  doc({ id: 'article:pl:kopie', type: 'article', locale: 'pl', key: 'backups', title: 'Kopie zapasowe w fundacji', tags: ['bezpieczenstwo'], body: 'Zasada 3-2-1 i ransomware.' }),
  doc({ id: 'article:en:backups', type: 'article', locale: 'en', key: 'backups', title: 'Backups for a small charity', tags: ['security'], body: 'The 3-2-1 rule and ransomware.' }),
  doc({ id: 'article:en:kubernetes', type: 'article', locale: 'en', key: 'kubernetes', title: 'Kubernetes for tiny teams', tags: ['hosting'], body: 'Clusters, pods and why you may not need them.' }),
  doc({ id: 'article:pl:hasla', type: 'article', locale: 'pl', key: 'passwords', title: 'Menedżer haseł dla zespołu', tags: ['bezpieczenstwo'], body: 'Hasła, MFA, sejf.' }),
  doc({ id: 'article:pl:wcag', type: 'article', locale: 'pl', key: 'wcag', title: 'Dostępność stron: WCAG 2.2 w praktyce', tags: ['dostepnosc'], body: 'Kontrast, klawiatura, testy z czytnikami ekranu.' }),
  doc({ id: 'service:pl:www', type: 'service', locale: 'pl', key: 'web', title: 'Strony internetowe', tags: ['strony'], body: 'Projektujemy szybkie strony.' }),
  doc({ id: 'contact:pl', type: 'contact', locale: 'pl', key: 'contact', title: 'Kontakt', keywords: 'kontakt napisz telefon' }),
  doc({ id: 'consultation:pl', type: 'consultation', locale: 'pl', key: 'consultation', title: 'Bezpłatna konsultacja', keywords: 'konsultacja rozmowa umówić' }),
];
const index = buildAskIndex(documents);
const search = (text: string, extra: Partial<Parameters<typeof index.search>[0]> = {}) =>
  index.search({ text, locale: 'pl', limit: 5, ...extra });

describe('/ask ranking', () => {
  it('finds an inflected form', () => {
    expect(search('strona internetowa').results[0]?.document.id).toBe('service:pl:www');
    expect(search('kopii zapasowych').results[0]?.document.id).toBe('article:pl:kopie');
  });

  it('tolerates a typo', () => {
    expect(search('menedzer hasel').results[0]?.document.id).toBe('article:pl:hasla');
    expect(search('dostepnosc').results[0]?.document.id).toBe('article:pl:wcag');
    expect(search('kopje zapasowe').results[0]?.document.id).toBe('article:pl:kopie');
  });

  it('corrects a typo in an ending against the words as written, and drops a mistyped stop word', () => {
    // "czytnikmai" is one edit from "czytnikami", a word of the text (its stem is two from "czytnik").
    expect(search('czytnikmai ekranu').results[0]?.document.id).toBe('article:pl:wcag');
    const withTypo = search('jkaie kopie zapasowe');
    expect(withTypo.results.map((result) => result.document.id)).toEqual(search('jakie kopie zapasowe').results.map((result) => result.document.id));
    expect(withTypo.results[0]?.confidence).toBe(search('jakie kopie zapasowe').results[0]?.confidence);
  });

  it('answers in the asked language when the other language matched: the translation, not a fallback', () => {
    const [first] = search('backups charity').results;
    expect(first?.document.id).toBe('article:pl:kopie');
    expect(first?.fallback).toBe(false);
  });

  it('reads no e-mail address or phone number as a word of the question', () => {
    // Without the address the question shares no word with the texts; its parts would match the Kubernetes article.
    const withAddress = search('ile gotować jajko na twardo? odpiszcie na kubernetes.pods@clusters.example lub 600 100 200');
    const without = search('ile gotować jajko na twardo? odpiszcie na lub');
    expect(withAddress.results).toEqual([]);
    expect(withAddress.results).toEqual(without.results);
    expect(withAddress.known).toBe(without.known);
    expect(search('kubernetes pods').results[0]?.document.id).toBe('article:en:kubernetes');
  });

  it('falls back to the other language only for a resource that has no translation, and marks it', () => {
    const [first] = search('kubernetes clusters').results;
    expect(first?.document.id).toBe('article:en:kubernetes');
    expect(first?.fallback).toBe(true);
  });

  it('prefers the asked language when both match equally', () => {
    expect(search('3-2-1 ransomware', { locale: 'en' }).results[0]?.document.id).toBe('article:en:backups');
    expect(search('3-2-1 ransomware', { locale: 'pl' }).results[0]?.document.id).toBe('article:pl:kopie');
  });

  it('puts the contact and consultation flows first for their phrasings', () => {
    const contact = search('jak się z wami skontaktować w sprawie haseł');
    expect(contact.intent).toBe('contact');
    expect(contact.results[0]?.document.id).toBe('contact:pl');
    expect(search('book a call').results[0]?.document.id).toBe('consultation:pl');
  });

  it('applies the type filter and the limit', () => {
    const onlyArticles = search('bezpieczenstwo kopie hasła strony kontakt', { types: ['article'], limit: 2 });
    expect(onlyArticles.results).toHaveLength(2);
    expect(onlyArticles.results.every((item) => item.document.type === 'article')).toBe(true);
  });

  it('ranks resources with a wanted tag higher', () => {
    const plain = search('ransomware hasła').results.map((item) => item.document.id);
    const tagged = search('ransomware hasła', { tags: ['bezpieczenstwo'] }).results.map((item) => item.document.id);
    expect(tagged.slice(0, 2).sort()).toEqual(['article:pl:hasla', 'article:pl:kopie']);
    expect(plain.length).toBeGreaterThan(0);
  });

  it('is sure of an exact title match, and unsure when the words the texts lack weigh most', () => {
    // No example question votes here: the title and the known words alone.
    const exact = search('menedżer haseł').results[0]!;
    expect(exact.confidence).toBeGreaterThanOrEqual(0.9);
    const diluted = search('menedżer haseł dla kota perskiego na wakacjach').results[0]!;
    expect(diluted.document.id).toBe('article:pl:hasla');
    expect(diluted.confidence).toBeLessThan(CONFIDENT);
  });

  it('returns nothing for a question without a matching word', () => {
    expect(search('zzqx wwvy').results).toEqual([]);
    expect(search('i the a').results).toEqual([]);
  });

  it('answers a price question about a service with the section that prices it, even without a shared word', () => {
    const priced = buildAskIndex([
      ...documents,
      doc({ id: 'pricing:pl:cennik', type: 'pricing', locale: 'pl', key: 'pricing', title: 'Cennik', keywords: 'cena koszt ile kosztuje' }),
      doc({ id: 'pricing:pl:cennik#hosting', type: 'pricing', locale: 'pl', key: 'pricing#hosting', title: 'Cennik: serwery', body: 'Serwer wirtualny.', servicesPriced: ['hosting'] }),
      doc({ id: 'pricing:pl:cennik#websites', type: 'pricing', locale: 'pl', key: 'pricing#websites', title: 'Cennik: witryny', body: 'Pakiet start, pakiet standard.', servicesPriced: ['web'] }),
    ]);
    const price = priced.search({ text: 'ile policzycie za zaprojektowanie szybkiej strony', locale: 'pl', limit: 5 });
    expect(price.intent).toBe('pricing');
    expect(price.results.map((result) => result.document.id).slice(0, 2)).toEqual(['pricing:pl:cennik#websites', 'service:pl:www']);
    // As confident as the service it prices.
    expect(price.results[0]!.confidence).toBe(price.results[1]!.confidence);
    // Without a price word the service itself answers.
    expect(priced.search({ text: 'zaprojektowanie szybkiej strony', locale: 'pl', limit: 5 }).results[0]?.document.id).toBe('service:pl:www');
  });

  it('finds a page by the words of the questions visitors ask it with, which the page itself does not use', () => {
    const question = "szuflada pełna pendrive'ów po wolontariuszach";
    expect(search(question).results.map((result) => result.document.id)).not.toContain('article:pl:kopie');
    const examples = [
      { query: "co zrobić z pendrive'ami, na których trzymamy dokumenty", expected: 'article:pl:kopie' },
      { query: 'wolontariusze zostawili nam szufladę nośników', expected: 'article:pl:kopie' },
      // A page that no longer exists: the question is left out.
      { query: 'okup za pliki', expected: 'article:pl:usuniety' },
    ];
    const taught = withExampleQuestions(documents, examples);
    expect(taught.find((document) => document.id === 'article:pl:kopie')?.questions).toEqual(examples.slice(0, 2).map((example) => example.query));
    expect(taught.filter((document) => document.questions).length).toBe(1);
    const results = buildAskIndex(taught).search({ text: question, locale: 'pl', limit: 5 }).results;
    expect(results[0]?.document.id).toBe('article:pl:kopie');
    // Matched through a question, not its own text: less confident than a title match.
    expect(results[0]!.confidence).toBeLessThan(0.9);
  });

  it('lets the nearest example questions vote for the pages they were asked of', () => {
    const taught = [
      doc({ id: 'article:pl:ksiegi', type: 'article', locale: 'pl', key: 'books', title: 'Księgowość', summary: 'Drukarka i faktury.' }),
      doc({ id: 'article:pl:druk', type: 'article', locale: 'pl', key: 'print', title: 'Porządek w biurze', questions: ['drukarka gubi faktury', 'faktury nie wychodzą z drukarki'] }),
    ];
    // Without stand-in questions for the page that has none (ask-transfer.test.ts): its summary, the question word for word, would be one.
    const first = (neighbours: number) => buildAskIndex(taught, { neighbours, transfer: 'none' }).search({ text: 'drukarka i faktury', locale: 'pl', limit: 2 }).results[0]?.document.id;
    // The summary outweighs the two questions as text; as the two nearest questions, they outvote it.
    expect(first(0)).toBe('article:pl:ksiegi');
    expect(first(1)).toBe('article:pl:druk');
  });

  it('lowers the confidence of a question near off-topic example questions, which are never results', () => {
    const examples = [
      { query: 'jak robić kopie zapasowe dokumentów fundacji', expected: 'article:pl:kopie' },
      { query: 'kopia zapasowa plików księgowości na dysku', expected: 'article:pl:kopie' },
      { query: 'gdzie trzymać kopie zapasowe danych stowarzyszenia', expected: 'article:pl:kopie' },
      // Questions the site does not answer, in off-topic.yaml: they vote for no page.
      { query: 'kopia zapasowa zdjęć z prywatnego telefonu', expected: 'off-topic:pl' },
      { query: 'jak zrobić kopię zapasową zdjęć z wakacji', expected: 'off-topic:pl' },
      { query: 'kopia zapasowa rozmów z telefonu na nowy telefon', expected: 'off-topic:pl' },
    ];
    // The page speaks of photos and phones too: the question's words are all the site's.
    const pages = documents.map((document) => (document.id === 'article:pl:kopie' ? { ...document, body: 'Kopie zapasowe dokumentów, zdjęć i telefonów służbowych: zasada 3-2-1.' } : document));
    const taught = withExampleQuestions(pages, examples);
    const offTopic = offTopicQuestions(examples);
    // Not the text of any page.
    expect(offTopic).toHaveLength(3);
    expect(taught.flatMap((document) => document.questions ?? [])).toEqual(examples.slice(0, 3).map((example) => example.query));
    const without = buildAskIndex(taught);
    const withOffTopic = buildAskIndex({ documents: taught, offTopic });
    const ask = (index: typeof without, text: string) => index.search({ text, locale: 'pl', limit: 20 });

    const holiday = 'kopia zapasowa zdjęć z telefonu';
    const before = ask(without, holiday).results[0]!;
    const after = ask(withOffTopic, holiday).results[0]!;
    console.log(`"${holiday}": ${before.document.id} ${before.confidence} → ${after.document.id} ${after.confidence} (votes ${before.evidence.votes.toFixed(2)} → ${after.evidence.votes.toFixed(2)}, to no page ${after.evidence.offTopic.toFixed(2)})`);
    expect(before.confidence).toBeGreaterThanOrEqual(CONFIDENT);
    expect(after.confidence).toBeLessThan(CONFIDENT);
    expect(after.evidence.votes).toBeLessThan(before.evidence.votes);
    expect(after.evidence.offTopic).toBeGreaterThan(after.evidence.votes);
    // Every result is a page of the site, whatever the neighbours.
    const ids = new Set(documents.map((document) => document.id));
    for (const text of [holiday, ...offTopic]) expect(ask(withOffTopic, text).results.every((result) => ids.has(result.document.id))).toBe(true);

    // A question about the page itself stays as sure.
    const own = 'kopie zapasowe dokumentów stowarzyszenia';
    expect(ask(withOffTopic, own).results[0]?.document.id).toBe('article:pl:kopie');
    expect(ask(withOffTopic, own).results[0]!.confidence).toBeGreaterThanOrEqual(CONFIDENT);
  });

  it('learns an intent from the example questions asked of its flow, not from one shared word', () => {
    // Ten votes in all: a flow's examples outvote the rest only when several of them are near.
    const examples = ['do waszej siedziby', 'na adres firmy', 'do biura', 'za potwierdzeniem odbioru', 'z dokumentami', 'z umową', 'z fakturą', 'do zarządu', 'na wasz adres', 'w sprawie umowy'].map(
      (rest) => ({ query: `list polecony ${rest}`, expected: 'contact:pl' }),
    );
    // The contact page gives the address for letters; the examples ask where to send one.
    const withAddress = documents.map((document) => (document.id === 'contact:pl' ? { ...document, body: 'Wysyłamy i odbieramy listy polecone: ul. Długa 1, Kraków.' } : document));
    const taught = withExampleQuestions(withAddress, examples);
    const ask = (text: string, tuning: Parameters<typeof buildAskIndex>[1] = {}) => buildAskIndex(taught, tuning).search({ text, locale: 'pl', limit: 3 });
    // No pattern reads it as contact: without the examples' votes it is no flow.
    expect(buildAskIndex(withAddress).search({ text: 'wysyłamy list polecony', locale: 'pl', limit: 3 }).intent).toBeUndefined();
    expect(ask('wysyłamy list polecony', { intentVotes: 2, learned: 0 }).intent).toBeUndefined();
    // Either classifier of the examples learns it: the nearest neighbours' votes, or the learned one, sure of the page.
    expect(ask('wysyłamy list polecony', { learned: 0 }).intent).toBe('contact');
    expect(ask('wysyłamy list polecony', { intentVotes: 2 }).intent).toBe('contact');
    const learned = ask('wysyłamy list polecony');
    expect(learned.intent).toBe('contact');
    expect(learned.results[0]?.document.id).toBe('contact:pl');
    // Words the site does not know weigh the votes down: a hit parade's "list" is no letter to us.
    expect(ask('list przebojów radiowej trójki').intent).toBeUndefined();
  });

  it('keeps every confidence within [0, 1] and never rising down the list', () => {
    for (const question of ['strony', 'backup', 'konsultacja', 'ile kosztuje', 'wcag kontrast klawiatura']) {
      const confidences = search(question).results.map((item) => item.confidence);
      for (const value of confidences) expect(value).toBeGreaterThanOrEqual(0);
      for (const value of confidences) expect(value).toBeLessThanOrEqual(1);
      expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    }
  });
});

describe('/ask typo work per question', () => {
  it(`checks the first ${defaultLimits.checkedWords} unknown words for typos, not the ones after them`, () => {
    const filler = Array.from({ length: defaultLimits.checkedWords }, (_, at) => `qzx${'abcdefghij'[at]}vw`).join(' ');
    expect(search('kubernetse').results[0]?.document.id).toBe('article:en:kubernetes');
    expect(search(`kubernetse ${filler}`).results[0]?.document.id).toBe('article:en:kubernetes');
    expect(search(`${filler} kubernetse`).results).toEqual([]);
  });

  it('stops checking words when the question has spent its edit-distance comparisons', () => {
    const tight = buildAskIndex(documents, {}, { checkedWords: 10, comparisons: 0 });
    expect(tight.search({ text: 'kubernetse', locale: 'pl', limit: 5 }).results).toEqual([]);
    expect(tight.search({ text: 'kubernetes', locale: 'pl', limit: 5 }).results[0]?.document.id).toBe('article:en:kubernetes');
  });

  it('keeps corrections of question words, within a bound', () => {
    const fresh = buildAskIndex(documents);
    fresh.search({ text: 'kubernetse hasłą', locale: 'pl', limit: 5 });
    expect(fresh.cachedCorrections).toBeGreaterThan(0);
    expect(fresh.cachedCorrections).toBeLessThanOrEqual(2);
  });
});

describe('/ask answer and event stream', () => {
  const request = AskRequest.parse({ query: { text: 'kopie zapasowe' }, prefer: { mode: 'conversational' } });

  it('shapes an AskResponse that its schema accepts and says conversational mode is unavailable', () => {
    const answer = answerAsk(index, request);
    expect(AskResponse.parse(answer)).toEqual(answer);
    expect(answer._meta).toMatchObject({ response_type: 'result_set', version: '0.2', conversational: 'unavailable' });
    expect(answer.results[0]).toMatchObject({ id: 'article:pl:kopie', inLanguage: 'pl', url: `${base}/article:pl:kopie/` });
  });

  it('streams start, one result per result, complete', async () => {
    const answer = answerAsk(index, AskRequest.parse({ query: 'bezpieczenstwo' }));
    const text = await new Response(askEventStream(answer)).text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    expect(names).toEqual(['start', ...answer.results.map(() => 'result'), 'complete']);
  });

  it('produces nothing more once the client has gone', async () => {
    const answer = answerAsk(index, AskRequest.parse({ query: 'bezpieczenstwo' }));
    expect(answer.results.length).toBeGreaterThan(1);
    const controller = new AbortController();
    const reader = askEventStream(answer, controller.signal).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^event: start/);
    controller.abort();
    expect((await reader.read()).done).toBe(true);
  });
});
