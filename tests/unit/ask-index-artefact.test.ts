/**
 * The /ask index the build makes (src/server/ask/index-artefact.ts): stored and loaded, it answers
 * exactly as the index built from the same sources, and it is refused for any other sources.
 */
import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/server/ask/documents';
import { askIndexFromModel, buildAskIndex } from '../../src/server/ask/engine';
import { artefactOf, builtArtefactPath, modelFrom } from '../../src/server/ask/index-artefact';

const base = 'https://example.org';
const doc = (fields: Partial<AskDocument> & Pick<AskDocument, 'id' | 'type' | 'locale' | 'key' | 'title'>): AskDocument => ({
  summary: '', url: `${base}/${fields.id}/`, source: `${base}/${fields.id}.md`, tags: [], keywords: '', body: '', ...fields,
});

const sources = {
  documents: [
    doc({ id: 'article:pl:kopie', type: 'article', locale: 'pl', key: 'backups', title: 'Kopie zapasowe w fundacji', body: 'Zasada 3-2-1 i ransomware.', questions: ['jak robić kopie zapasowe', 'czy backup chroni przed ransomware'] }),
    doc({ id: 'article:en:backups', type: 'article', locale: 'en', key: 'backups', title: 'Backups for a small charity', body: 'The 3-2-1 rule and ransomware.', questions: ['how often should we back up', 'does a backup stop ransomware'] }),
    doc({ id: 'service:pl:www', type: 'service', locale: 'pl', key: 'web', title: 'Strony internetowe', body: 'Projektujemy szybkie strony.', questions: ['kto zrobi nam stronę', 'strona dla fundacji'] }),
    doc({ id: 'contact:pl', type: 'contact', locale: 'pl', key: 'contact', title: 'Kontakt', keywords: 'kontakt napisz telefon', questions: ['jaki macie numer telefonu'] }),
    doc({ id: 'consultation:pl', type: 'consultation', locale: 'pl', key: 'consultation', title: 'Bezpłatna konsultacja', keywords: 'konsultacja rozmowa umówić', questions: ['chcę umówić rozmowę'] }),
  ],
  offTopic: ['rozkład jazdy tramwaju', 'weather tomorrow'],
};
const questions = ['kopie zapasowe', 'kopje zapasowe', 'backup ransomware', 'kto zrobi strone', 'numer telefonu', 'umówić konsultację', 'pogoda jutro', 'strona internetowa dla fundacji', 'stro'];

describe('the /ask index made by the build', () => {
  it('answers every question exactly as the index built from the same sources', () => {
    const model = modelFrom(artefactOf(sources), sources);
    expect(model).toBeDefined();
    const loaded = askIndexFromModel(sources, model!);
    const built = buildAskIndex(sources);
    for (const text of questions) {
      for (const locale of ['pl', 'en'] as const) {
        expect(loaded.search({ text, locale, limit: 10 }), `${text} (${locale})`).toEqual(built.search({ text, locale, limit: 10 }));
      }
    }
  });

  it('is refused for other sources: another page, another example question, another off-topic one', () => {
    const artefact = artefactOf(sources);
    const [first, ...rest] = sources.documents;
    expect(modelFrom(artefact, { ...sources, documents: rest })).toBeUndefined();
    expect(modelFrom(artefact, { ...sources, documents: [{ ...first!, questions: [...first!.questions!, 'a new one'] }, ...rest] })).toBeUndefined();
    expect(modelFrom(artefact, { ...sources, offTopic: ['weather tomorrow'] })).toBeUndefined();
  });

  it('is looked for only beside a built server entry', () => {
    expect(builtArtefactPath(import.meta.url)).toBeUndefined();
    expect(builtArtefactPath('data:text/javascript,')).toBeUndefined();
  });
});
