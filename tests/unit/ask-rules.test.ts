import { describe, expect, it } from 'vitest';
import { thesaurusExpander } from '../../src/server/ask/expand';
import { detectIntents, matchingIntentRules } from '../../src/server/ask/intent';
import { termNormalizer, termsOf } from '../../src/server/ask/normalize';
import { askRules, ruleIds, withoutRules } from '../../src/server/ask/rules/index';
import { intentRules } from '../../src/server/ask/rules/intents';

const normalize = termNormalizer();

describe('/ask rules as named data', () => {
  it('names every intent pattern and thesaurus group once, by a stable readable id', () => {
    const ids = ruleIds();
    expect(ids.length).toBeGreaterThan(50);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z-]+\.[a-z0-9-]+$/);
  });

  it('switches off exactly the named intent rule', () => {
    expect(matchingIntentRules('book a call')).toEqual(['consultation.en-book-call']);
    expect(detectIntents('book a call')).toEqual(['consultation']);
    const without = withoutRules(['consultation.en-book-call']);
    expect(detectIntents('book a call', without.intents)).toEqual([]);
    // The others stay: "bezpłatna konsultacja" reads as before.
    expect(detectIntents('bezpłatna konsultacja', without.intents)).toEqual(['consultation']);
    expect(ruleIds(without)).toHaveLength(ruleIds().length - 1);
  });

  it('switches off exactly the named thesaurus group', () => {
    const terms = termsOf('phishing w fundacji', normalize);
    const expand = thesaurusExpander(normalize);
    expect(expand.groupsIn(terms)).toEqual(expect.arrayContaining(['phishing', 'ngo']));
    expect([...expand(terms).keys()]).toEqual(expect.arrayContaining(termsOf('scam', normalize)));
    const without = thesaurusExpander(normalize, withoutRules(['thesaurus.phishing']).thesaurus);
    expect(without.groupsIn(terms)).toEqual(['ngo']);
    expect([...without(terms).keys()]).not.toEqual(expect.arrayContaining(termsOf('scam', normalize)));
    expect(askRules.thesaurus.length - withoutRules(['thesaurus.phishing']).thesaurus.length).toBe(1);
  });

  it('holds, for every intent pattern, a question it exists for, and the pattern reads it', () => {
    const ids = Object.values(intentRules).flatMap((kind) => kind.map(({ id }) => id));
    expect(Object.keys(questionFor).sort()).toEqual([...ids].sort());
    for (const [id, question] of Object.entries(questionFor)) expect(matchingIntentRules(question), question).toContain(id);
  });
});

/**
 * The question each intent pattern is kept for: an example question (content/questions/) whose
 * answer is right with the pattern and wrong without it, cross-validated, where there is one; else one
 * it fires on (those earn their keep on the unseen set or on the flow intent, `npm run ask:ablation`).
 * A pattern added without its question, or one that no longer reads it, fails here.
 */
const questionFor: Record<string, string> = {
  'consultation.pl-konsultacja': 'umów konsultację',
  'consultation.pl-book-talk': 'chcę umówić bezpłatną rozmowę',
  'consultation.pl-free-talk': 'chcę umówić bezpłatną rozmowę',
  'consultation.en-consultation': 'schedule a free consultation',
  'consultation.en-book-call': 'book a call',
  'consultation.pl-before-signing-talk': 'zanim cokolwiek zamówimy, chcielibyśmy pół godziny pogadać z kimś od was na wideo i usłyszeć, co radzicie — nic nie płacąc',
  'consultation.half-hour-talk': 'zanim cokolwiek zamówimy, chcielibyśmy pół godziny pogadać z kimś od was na wideo i usłyszeć, co radzicie — nic nie płacąc',
  'consultation.en-intro-call': 'Before I spend money on anything, I\'d like someone to tell me what my workshop actually needs. Do you offer a free chat about that?',
  'consultation.advice-for-free': 'I don\'t really know what we need, can someone advise us for free first?',
  'consultation.pl-advice-no-obligation': 'nie wiemy w ogóle, od czego zacząć z informatyką w fundacji — ktoś może nam doradzić bez zobowiązań?',
  'consultation.en-talk-no-obligation': 'I\'m not sure whether we need a new website or just IT help — can someone talk it through with me without any obligation?',
  'contact.pl-kontakt': 'jak się z wami skontaktować',
  'contact.pl-visit-or-reach-you': 'Nikt nie odpisał na moją wiadomość — jak inaczej mogę się z wami porozumieć?',
  'contact.complaint': 'Jesteśmy niezadowoleni z tego, jak działa strona, którą nam zrobiliście. Z kim o tym porozmawiać?',
  'contact.pl-write-to-you': 'napisz do nas',
  'contact.pl-which-number': 'Bardzo proszę o numer telefonu, pod którym mogę porozmawiać z kimś z Państwa firmy, najlepiej przed południem.',
  'contact.pl-call-you': 'w jakich godzinach mogę do was dzwonić',
  'contact.complaint-about-ours': 'Przyszła od was faktura z błędnym NIP-em naszej fundacji. Gdzie mam to zgłosić?',
  'contact.pl-hours': 'w jakich godzinach mogę do was dzwonić',
  'contact.en-your-hours': 'what are your opening hours',
  'contact.pl-where-you-are': 'gdzie jest wasze biuro',
  'contact.en-contact-you': 'I would prefer to talk to a real person. How can I reach you?',
  'contact.pl-answer-phone': 'W jakich godzinach ktoś odbiera telefon w Państwa biurze?',
  'contact.en-call-you-when': 'what hours can i reach you by phone',
  'contact.en-which-address': 'i\'d like to talk to a real person, what number do i call',
  'contact.en-write-to-you': 'I want to send you a message about a project for our hospice - is there a form somewhere?',
  'contact.en-call-you': 'can we drop by your office in Warsaw?',
  'contact.are-you-open': 'are you open on saturdays?',
  'pricing.pl-how-much': 'licencję na Make opłacamy my czy wy? i ile bierzecie za ustawienie całości?',
  'pricing.pl-amounts-and-budget': 'za ile zautomatyzowalibyście nam zapisy na szkolenia?',
  'pricing.pl-discount': 'Jesteśmy stowarzyszeniem — czy dostaniemy u was jakąś zniżkę dla organizacji pozarządowych?',
  'pricing.pl-payment-terms': 'Czy trzeba wpłacić zaliczkę, zanim zaczniecie pracę?',
  'pricing.pl-cost-price': 'abonamet obsluga it cena za miesiac',
  'pricing.en-how-much-price': 'how much is a WCAG audit',
  'pricing.en-invoice-rate-budget': 'I would like to ask whether you offer a reduced rate for registered foundations such as ours.',
  'pricing.tax-and-amount': 'have about 5000 zł, is that enough for a new homepage',
  'talk.pl-porozmawiac': 'Nie wiemy jeszcze, czego dokładnie potrzebujemy — nowej strony, poczty, a może automatyzacji. Czy można najpierw po prostu z wami porozmawiać, bez płacenia?',
  'talk.not-sure-what-we-need': 'Nie wiemy nawet, czego potrzebujemy — nowej strony czy informatyka. Od czego zacząć z wami?',
  'others-price.licences-tools-parcels-donations': 'Microsoft 365 nonprofit discount',
  'our-price.yours-or-a-job': 'licencję na Make opłacamy my czy wy? i ile bierzecie za ustawienie całości?',
  'provider.pl-request': 'mozecie nam ustawic zeby zgloszenia z formularza same wpadaly do excela i szlo potwierdzenie mailem?',
  'provider.en-request': 'check whether our site works for disabled people',
};
