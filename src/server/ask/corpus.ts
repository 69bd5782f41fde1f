/**
 * Index building for /ask: what is computed once per process from the documents, before any question
 * (pure: no Astro, no settings). The documents' index (BM25F fields, inverted-index.ts), the example
 * questions' own index for the neighbours' votes and the classifier learned from them (classifier.ts),
 * and the lookups the ranking needs: translations, the pricing page per locale, the section pricing
 * each service, the pricing vocabulary.
 */
import type { Locale } from '../base/i18n.ts';
import type { AskDocument } from './documents.ts';
import { stopWords, termNormalizer, termsOf, tokenize, type TermNormalizer } from './normalize.ts';
import { questionSpelling, type QuestionSpeller } from './spelling.ts';
import { InvertedIndex, type IndexSnapshot } from './inverted-index.ts';
import type { Ranking } from './engine.ts';
import { classifierFrom, trainClassifier, type Classifier, type ClassifierModel } from './classifier.ts';
import { withStandInQuestions, type Transfer } from './transfer.ts';
import { indexTokens } from './compounds.ts';

/** The documents' fields, in the index's order. */
export const fields = ['title', 'keywords', 'tags', 'summary', 'body', 'questions'] as const;

/**
 * What the index is built from: the documents, each with the example questions it answers, and the
 * example questions no page answers (off-topic), which join the neighbours and vote for nothing.
 */
export interface AskSources {
  documents: readonly AskDocument[];
  offTopic: readonly string[];
}

export interface Corpus {
  documents: readonly AskDocument[];
  normalizeTerm: TermNormalizer;
  index: InvertedIndex;
  /** The example questions one by one (one field), and the document each was asked of (NO_PAGE: an off-topic one). */
  exampleIndex: InvertedIndex;
  askedOf: readonly number[];
  /** The documents given stand-in questions (transfer.ts): none while every page has examples. */
  standIns: ReadonlySet<number>;
  /** The example questions learned: a question → the probability of each document (the last: no page). */
  classifier?: Classifier;
  /** Document-level IDF of a term. */
  idf(term: string): number;
  byId: ReadonlyMap<string, AskDocument>;
  /** The words of bare price questions: the pricing page's keywords. */
  pricingVocabulary: ReadonlySet<string>;
  pricingPages: ReadonlyMap<Locale, string>;
  /** The pricing section that prices a service, by `${service key}|${locale}`: its number in the index. */
  priceSections: ReadonlyMap<string, number>;
  /** The flows' and the pricing page's phrasings: words the intent spelling takes as meant. */
  intentWords: readonly string[];
  spellQuestionWord: QuestionSpeller;
  translationOf(document: AskDocument, locale: Locale): AskDocument | undefined;
}

// The pricing page itself, not one of its sections (`pricing:pl:cennik#websites`).
const isPricingPage = (document: AskDocument) => document.type === 'pricing' && !document.id.includes('#');

/** The document an off-topic example question was asked of: none. */
export const NO_PAGE = -1;

/**
 * What a corpus needs that takes time to make (the indexes, the classifier's training), as data: made
 * once by the build (index-artefact.ts) and loaded by the server, or made by buildCorpus.
 */
export interface CorpusModel {
  index: IndexSnapshot;
  exampleIndex: IndexSnapshot;
  askedOf: number[];
  classifier?: ClassifierModel;
  /** The texts' words as written (the spelling's vocabulary). */
  textWords: string[];
}

export function buildCorpus(sources: readonly AskDocument[] | AskSources, stemmer: Ranking['stemmer'], transfer: Transfer = 'none'): Corpus {
  return corpusFrom(sources, stemmer, transfer);
}

/** The indexes and the classifier of the sources, as data. */
export function corpusModel(sources: readonly AskDocument[] | AskSources, stemmer: Ranking['stemmer'], transfer: Transfer = 'none'): CorpusModel {
  return corpusFrom(sources, stemmer, transfer).model();
}

/** The corpus of the sources, from their model when one was made (the same sources, stemmer and transfer), else built. */
export function corpusFrom(sources: readonly AskDocument[] | AskSources, stemmer: Ranking['stemmer'], transfer: Transfer = 'none', model?: CorpusModel): Corpus & { model(): CorpusModel } {
  const given = 'documents' in sources ? sources : { documents: sources, offTopic: [] };
  const normalizeTerm = termNormalizer(stemmer);
  // A page without example questions gets stand-ins, so that the examples' signals speak for it too.
  const documents = withStandInQuestions(given.documents, transfer);
  const built = model ? loaded(model, normalizeTerm) : indexed(documents, given.offTopic, normalizeTerm);
  const { index, exampleIndex, askedOf, classifier, textWords } = built;
  const total = documents.length;
  // The sections' own searchTerms name what is priced ("audyt", "strona"), and would make a topic
  // question "bare": the pricing page's keywords only.
  const pricingVocabulary = new Set(documents.filter(isPricingPage).flatMap((document) => termsOf(document.keywords, normalizeTerm)));
  const pricingPages = new Map<Locale, string>();
  for (const document of documents) {
    if (isPricingPage(document) && !pricingPages.has(document.locale)) pricingPages.set(document.locale, document.id);
  }
  const priceSections = new Map<string, number>();
  documents.forEach((document, at) => {
    for (const service of document.servicesPriced ?? []) {
      const key = `${service}|${document.locale}`;
      if (!priceSections.has(key)) priceSections.set(key, at);
    }
  });
  const intentWords = documents
    .filter((document) => document.type === 'contact' || document.type === 'consultation' || isPricingPage(document))
    .flatMap((document) => tokenize(document.keywords));
  const translations = new Map<string, AskDocument>();
  for (const document of documents) translations.set(`${document.type}|${document.key}|${document.locale}`, document);

  return {
    model: () => ({ index: index.snapshot(), exampleIndex: exampleIndex.snapshot(), askedOf, classifier: classifier?.model, textWords }),
    documents,
    normalizeTerm,
    index,
    exampleIndex,
    askedOf,
    standIns: new Set(documents.flatMap((document, at) => (document === given.documents[at] ? [] : [at]))),
    classifier,
    idf: (term) => Math.log(1 + total / (index.documentFrequency(term) + 0.5)),
    byId: new Map(documents.map((document) => [document.id, document])),
    pricingVocabulary,
    pricingPages,
    priceSections,
    intentWords,
    spellQuestionWord: questionSpelling(textWords, stopWords),
    translationOf: (document, locale) => translations.get(`${document.type}|${document.key}|${locale}`),
  };
}

interface Indexed {
  index: InvertedIndex;
  exampleIndex: InvertedIndex;
  askedOf: number[];
  classifier?: Classifier;
  textWords: string[];
}

function indexed(documents: readonly AskDocument[], offTopic: readonly string[], normalizeTerm: TermNormalizer): Indexed {
  // The example questions are scored with the page, but their misspellings are not the texts' words.
  const index = new InvertedIndex(fields.length, indexTokens, normalizeTerm, { textFields: fields.indexOf('questions') });
  for (const document of documents) {
    index.add([document.title, document.keywords, document.tags.join(' '), document.summary, document.body, document.questions?.join('\n') ?? '']);
  }
  index.finish();
  // Its one field holds no text of the pages: it collects no words for the speller.
  const exampleIndex = new InvertedIndex(1, indexTokens, normalizeTerm, { textFields: 0 });
  const askedOf: number[] = [];
  const examples: string[] = [];
  const addExample = (question: string, asked: number) => {
    exampleIndex.add([question]);
    examples.push(question);
    askedOf.push(asked);
  };
  documents.forEach((document, at) => {
    for (const question of document.questions ?? []) addExample(question, at);
  });
  for (const question of offTopic) addExample(question, NO_PAGE);
  exampleIndex.finish();
  // The same examples learned: one class per document, and the last for no page.
  const classifier = examples.length
    ? trainClassifier({ texts: examples, labels: askedOf.map((at) => (at === NO_PAGE ? documents.length : at)), classes: documents.length + 1 })
    : undefined;
  return { index, exampleIndex, askedOf, classifier, textWords: index.takeWords() };
}

function loaded(model: CorpusModel, normalizeTerm: TermNormalizer): Indexed {
  return {
    index: InvertedIndex.fromSnapshot(model.index, indexTokens, normalizeTerm),
    exampleIndex: InvertedIndex.fromSnapshot(model.exampleIndex, indexTokens, normalizeTerm),
    askedOf: model.askedOf,
    classifier: model.classifier && classifierFrom(model.classifier),
    textWords: model.textWords,
  };
}
