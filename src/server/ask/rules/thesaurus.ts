/**
 * A small bilingual thesaurus of the field's vocabulary, applied to questions (never to the index):
 * each group lists words and phrases, Polish and English, that people use for one thing. A question
 * containing one of them also searches for the others, at a lower weight (engine.ts `synonymWeight`).
 * Each group is named, so that scripts/ask/ablation.mjs can switch it off and report what it adds.
 * Data only; tests/unit/ask-thesaurus.test.ts checks every phrase still normalises to something and
 * that the expansion works on inflected and diacritic-free forms.
 *
 * Groups name concepts of the site's subject (NGOs and small offices, websites, security, cloud,
 * automation, donations), written from that vocabulary, not from the relevance set's questions.
 */
export interface SynonymGroup {
  /** Stable name (the group's first phrase, folded, when it was named). */
  readonly id: string;
  readonly phrases: readonly string[];
}

export const thesaurus: readonly SynonymGroup[] = [
  // Organisations
  { id: 'ngo', phrases: ['NGO', 'organizacja pozarządowa', 'fundacja', 'stowarzyszenie', 'non-profit', 'nonprofit', 'charity', 'foundation', 'association', 'trzeci sektor', 'OPP', 'organizacja pożytku publicznego', 'KRS', 'stowarzyszenie zwykłe', 'non-governmental organisation', 'public benefit organisation', 'third sector'] },
  { id: 'firma', phrases: ['firma', 'biuro', 'przedsiębiorstwo', 'company', 'business', 'office', 'small business', 'mała firma'] },
  // Websites
  { id: 'www', phrases: ['WWW', 'strona internetowa', 'witryna', 'serwis', 'website', 'site', 'web page', 'homepage', 'strona główna'] },
  // Accessibility
  { id: 'dostepnosc', phrases: ['dostępność', 'WCAG', 'niepełnosprawność', 'niepełnosprawni', 'niewidomy', 'niedowidzący', 'czytnik ekranu', 'accessibility', 'disability', 'disabled', 'blind', 'screen reader', 'a11y', 'dostępność cyfrowa', 'dostępna strona', 'słabowidzący', 'osoby z niepełnosprawnościami', 'NVDA', 'VoiceOver', 'digital accessibility', 'accessible website', 'low vision', 'partially sighted', 'people with disabilities', 'niewidoma', 'niewidomi', 'niewidomych', 'nie widzi', 'słabo widzi', 'ślepy', 'lupa ekranowa', 'powiększalnik', 'visually impaired', 'vision impairment', 'sight loss', 'can\'t see', 'screen magnifier', 'magnification', 'TalkBack', 'słaby wzrok', 'trudno przeczytać', 'trudno się czyta', 'mała czcionka', 'za mały tekst', 'poor eyesight', 'hard to read', 'difficult to read', 'small print', 'tiny text', 'W3C'] },
  // Security
  { id: 'phishing', phrases: ['phishing', 'fałszywa wiadomość', 'podejrzany mail', 'oszustwo', 'wyłudzenie', 'scam', 'fake email', 'suspicious email', 'fraud', 'dziwny mail', 'dziwna wiadomość', 'podejrzana wiadomość', 'fałszywy mail', 'kliknąć w link', 'kliknąć link', 'podejrzany link', 'podejrzany załącznik', 'fałszywa strona logowania', 'wyłudzanie danych', 'zgłoś phishing', 'smishing', 'vishing', 'strange email', 'weird email', 'click a link', 'clicked a link', 'suspicious link', 'suspicious attachment', 'fake login page', 'report phishing', 'phishing simulation', 'GoPhish', 'KnowBe4', 'oszukańcze wiadomości', 'oszukańczy mail', 'oszuści', 'naciągacze', 'podejrzane maile', 'scam messages', 'scammers', 'dodgy emails', 'dać się nabrać', 'nabrać się', 'dali się nabrać', 'fell for', 'falling for'] },
  { id: 'szkolenie', phrases: ['szkolenie', 'nauka', 'kurs', 'warsztat', 'training', 'teach', 'course', 'awareness', 'świadomość zagrożeń', 'security awareness', 'webinar'] },
  // Cloud and IT
  { id: 'poczta', phrases: ['poczta', 'e-mail', 'mail', 'skrzynka', 'skrzynka pocztowa', 'email', 'mailbox', 'inbox'] },
  // Automation and data
  { id: 'automatyzacja', phrases: ['automatyzacja', 'automatycznie', 'bez ręcznej pracy', 'Zapier', 'n8n', 'Power Automate', 'automation', 'automatic', 'automatically', 'workflow'] },
  // Donations
  { id: 'darowizna', phrases: ['darowizna', 'wpłata', 'datek', 'wsparcie', 'darczyńca', 'zbiórka', 'zrzutka', 'datki', 'wesprzyj nas', 'crowdfunding', 'donation', 'donate', 'donor', 'gift', 'supporter', 'fundraising', 'wesprzyj', 'wpłacam', 'przycisk wesprzyj', 'zbieranie pieniędzy', 'zbiórka online', 'datki online', 'cegiełka', 'Patronite', 'GiveWP', 'donate button', 'online giving', 'collect donations', 'collecting money online', 'raise money', 'zebrać pieniądze', 'zbierać pieniądze', 'zbieramy pieniądze', 'przyjmować wpłaty', 'wpłaty przez stronę', 'wpłacić', 'wpłać teraz', 'chcą nas wesprzeć', 'accept donations', 'take donations', 'give now', 'whip-round', 'JustGiving', 'GoFundMe'] },
  // Situations told in everyday words → the topic that answers them (written from the pages by
  // someone who never saw the relevance questions).
  { id: 'odejscie-pracownika', phrases: ['odejście pracownika', 'odeszła', 'odszedł', 'odchodzi', 'odchodzą', 'zrezygnowała', 'zrezygnował', 'wypowiedzenie', 'złożyła wypowiedzenie', 'rozstaliśmy się', 'była koordynatorka', 'była wolontariuszka', 'offboarding', 'resigned', 'resignation', 'left the team', 'left the organisation', 'stepping down', 'handed in notice', 'departed', 'departing', 'leaver', 'sezonowi pracownicy', 'pracownicy sezonowi', 'pracownik tymczasowy', 'po sezonie', 'koniec umowy', 'seasonal staff', 'seasonal workers', 'temporary staff', 'contract ends', 'quits', 'quit', 'quitting', 'rzuca pracę', 'rezygnuje', 'kończy współpracę'] },
];
