/**
 * The example questions as a learned classifier: a multinomial logistic regression from a question's
 * words to the page it was asked of (or to no page, for the off-topic examples). The nearest
 * neighbours count the words two questions share, weighted by rarity, with the stop words gone; the
 * classifier learns which words tell neighbouring pages apart, the small ones included: "have you
 * done" is a case study's question, "can you do" a service's. Pure, trained once per process.
 */
import { fold, stem, tokenize } from './normalize.ts';

export interface Classifier {
  /** The probability of each class for a question (classes as given to train; the last is no page). */
  probabilities(text: string): Float64Array;
  /** What was learned, as data (index-artefact.ts stores it with the build). */
  readonly model: ClassifierModel;
}

/** A trained classifier: its features, and per feature the weight of each class (feature × classes + class). */
export interface ClassifierModel {
  features: string[];
  weights: Float32Array;
  bias: Float64Array;
  classes: number;
}

export interface Training {
  texts: readonly string[];
  /** The class of each text, 0 … classes − 1. */
  labels: readonly number[];
  classes: number;
}

export interface ClassifierOptions {
  epochs: number;
  rate: number;
  /** L2 shrink per update. */
  l2: number;
}

/**
 * A feature in fewer examples is left out: one seen once fits only its own question. With 2 the
 * weights take a third of the memory (about 12,000 features × the pages) and measure the same.
 */
const MIN_COUNT = 2;

export const defaultClassifierOptions: ClassifierOptions = { epochs: 12, rate: 3, l2: 1e-4 };

// Words repeat across questions (Zipf): their stems are kept, up to a bound questions full of
// made-up words cannot pass.
const STEMS_KEPT = 50_000;
const stems = new Map<string, string>();
function stemmed(token: string): string {
  let word = stems.get(token);
  if (word === undefined) {
    word = stem(fold(token));
    if (stems.size < STEMS_KEPT) stems.set(token, word);
  }
  return word;
}

/**
 * A question's features: its folded, stemmed words (stop words kept: "have you done" and "can you do"
 * differ only in them), each pair of neighbouring words, and the first four letters of a longer word
 * (Polish endings and typos past the fourth letter meet the same feature).
 */
export function featuresOf(text: string): string[] {
  const words = tokenize(text).map(stemmed);
  const features = new Set<string>();
  words.forEach((word, at) => {
    features.add(word);
    if (word.length > 4) features.add(`${word.slice(0, 4)}…`);
    if (at > 0) features.add(`${words[at - 1]} ${word}`);
  });
  return [...features];
}

/** Deterministic shuffling (a linear congruential generator), so the same examples give the same model. */
function shuffled(count: number, seed: number): number[] {
  const order = Array.from({ length: count }, (_, at) => at);
  let state = seed;
  for (let at = count - 1; at > 0; at--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const other = state % (at + 1);
    [order[at], order[other]] = [order[other]!, order[at]!];
  }
  return order;
}

export function trainClassifier({ texts, labels, classes }: Training, options: ClassifierOptions = defaultClassifierOptions): Classifier {
  const featured = texts.map(featuresOf);
  const counts = new Map<string, number>();
  for (const features of featured) for (const feature of features) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const vocabulary = new Map<string, number>();
  for (const [feature, count] of counts) if (count >= MIN_COUNT) vocabulary.set(feature, vocabulary.size);
  // Features as offsets into the weights (a feature's weights for every class lie together); unknown ones drop.
  const offsetsOf = (features: readonly string[]) =>
    Int32Array.from(features.flatMap((feature) => {
      const id = vocabulary.get(feature);
      return id === undefined ? [] : [id * classes];
    }));
  const encoded = featured.map(offsetsOf);
  const weights = new Float32Array(vocabulary.size * classes);
  const bias = new Float64Array(classes);
  const probabilities = new Float64Array(classes);

  const softmax = (offsets: Int32Array, out: Float64Array) => softmaxOf(weights, bias, classes, offsets, out);

  const shrink = 1 - options.l2;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const rate = options.rate / (1 + epoch);
    for (const at of shuffled(texts.length, epoch + 1)) {
      const offsets = encoded[at]!;
      const step = rate * softmax(offsets, probabilities);
      // The gradient of the log loss: the probability, less one for the example's class.
      probabilities[labels[at]!]! -= 1;
      for (let c = 0; c < classes; c++) {
        const gradient = probabilities[c]!;
        // A class the example is far from changes nothing worth the work.
        if (gradient > -1e-4 && gradient < 1e-4) continue;
        // The bias learns at a tenth of the rate: a page with many examples must not win on its count alone.
        bias[c]! -= rate * gradient * 0.1;
        const change = step * gradient;
        for (let i = 0; i < offsets.length; i++) {
          const w = offsets[i]! + c;
          weights[w] = weights[w]! * shrink - change;
        }
      }
    }
  }

  return classifierFrom({ features: [...vocabulary.keys()], weights, bias, classes });
}

/**
 * The class probabilities of an example's features, into `out`; returns the features' common scale.
 * `offsets`: the features' places in the weights (a feature's weights for every class lie together).
 */
function softmaxOf(weights: Float32Array, bias: Float64Array, classes: number, offsets: Int32Array, out: Float64Array): number {
  const scale = offsets.length ? 1 / Math.sqrt(offsets.length) : 0;
  out.set(bias);
  for (let i = 0; i < offsets.length; i++) {
    const offset = offsets[i]!;
    for (let c = 0; c < classes; c++) out[c]! += weights[offset + c]! * scale;
  }
  let max = -Infinity;
  for (let c = 0; c < classes; c++) if (out[c]! > max) max = out[c]!;
  let total = 0;
  for (let c = 0; c < classes; c++) total += out[c] = Math.exp(out[c]! - max);
  for (let c = 0; c < classes; c++) out[c]! /= total;
  return scale;
}

/** A classifier from what was learned (trained here, or stored with the build). */
export function classifierFrom(model: ClassifierModel): Classifier {
  const { weights, bias, classes } = model;
  const vocabulary = new Map(model.features.map((feature, id) => [feature, id]));
  return {
    model,
    probabilities(text) {
      const offsets = Int32Array.from(featuresOf(text).flatMap((feature) => {
        const id = vocabulary.get(feature);
        return id === undefined ? [] : [id * classes];
      }));
      const out = new Float64Array(classes);
      softmaxOf(weights, bias, classes, offsets, out);
      return out;
    },
  };
}
