import { describe, expect, it } from 'vitest';
import { featuresOf, trainClassifier } from '../../src/server/ask/classifier';

// Two neighbouring pages on one subject, told apart only by how the question is asked (the words a
// search index drops as stop words), and questions no page answers.
const service = [
  'can you build a donation page for us',
  'could you make our donation form',
  'can you set up online donations',
  'we need someone to build a donation page',
  'would you build our fundraising site',
];
const caseStudy = [
  'have you done a donation page before',
  'did you build a donation site for a charity',
  'show an example of a donation page you made',
  'have you built fundraising sites for others',
  'any example of online donations you did',
];
const offTopic = ['best pizza in town', 'weather tomorrow in Krakow', 'how to bake bread', 'pizza delivery near me'];
const training = {
  texts: [...service, ...caseStudy, ...offTopic],
  labels: [...service.map(() => 0), ...caseStudy.map(() => 1), ...offTopic.map(() => 2)],
  classes: 3,
};

describe('/ask learned classifier', () => {
  const classifier = trainClassifier(training);
  const best = (text: string) => {
    const probabilities = [...classifier.probabilities(text)];
    return probabilities.indexOf(Math.max(...probabilities));
  };

  it('keeps the small words (stemmed), pairs them and shortens long ones', () => {
    expect(featuresOf('Have you done')).toEqual(['hav', 'you', 'hav you', 'don', 'you don']);
    expect(featuresOf('zabezpieczenia')).toContain('zabe…');
  });

  it('tells neighbouring pages apart by how the question is asked', () => {
    expect(best('can you make a donation page')).toBe(0);
    expect(best('have you made a donation page')).toBe(1);
    expect(best('an example of a fundraising site you did')).toBe(1);
  });

  it('gives a question like the off-topic examples to no page', () => {
    expect(best('pizza in Krakow')).toBe(2);
  });

  it('returns probabilities, the same for the same examples', () => {
    const probabilities = classifier.probabilities('donation page');
    expect([...probabilities].reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 6);
    expect([...trainClassifier(training).probabilities('donation page')]).toEqual([...probabilities]);
  });

  it('answers a question of unknown words with the classes as learned, not an error', () => {
    const probabilities = classifier.probabilities('zzz qqq');
    expect(probabilities).toHaveLength(3);
    expect([...probabilities].every((value) => Number.isFinite(value))).toBe(true);
  });
});
