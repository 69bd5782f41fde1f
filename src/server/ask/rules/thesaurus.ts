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
  { id: 'pracownik', phrases: ['pracownik', 'współpracownik', 'wolontariusz', 'zespół', 'ludzie', 'employee', 'staff', 'volunteer', 'team', 'colleague', 'people'] },
  // Websites
  { id: 'www', phrases: ['WWW', 'strona internetowa', 'witryna', 'serwis', 'website', 'site', 'web page', 'homepage', 'strona główna'] },
  // Accessibility
  { id: 'dostepnosc', phrases: ['dostępność', 'WCAG', 'niepełnosprawność', 'niepełnosprawni', 'niewidomy', 'niedowidzący', 'czytnik ekranu', 'accessibility', 'disability', 'disabled', 'blind', 'screen reader', 'a11y', 'dostępność cyfrowa', 'dostępna strona', 'słabowidzący', 'osoby z niepełnosprawnościami', 'NVDA', 'VoiceOver', 'digital accessibility', 'accessible website', 'low vision', 'partially sighted', 'people with disabilities', 'niewidoma', 'niewidomi', 'niewidomych', 'nie widzi', 'słabo widzi', 'ślepy', 'lupa ekranowa', 'powiększalnik', 'visually impaired', 'vision impairment', 'sight loss', 'can\'t see', 'screen magnifier', 'magnification', 'TalkBack', 'słaby wzrok', 'trudno przeczytać', 'trudno się czyta', 'mała czcionka', 'za mały tekst', 'poor eyesight', 'hard to read', 'difficult to read', 'small print', 'tiny text', 'W3C'] },
  { id: 'audyt', phrases: ['audyt', 'sprawdzenie', 'kontrola', 'przegląd', 'raport', 'audit', 'check', 'review', 'assessment'] },
  // Security
  { id: 'haslo', phrases: ['hasło', 'menedżer haseł', 'password', 'password manager', 'Bitwarden', '1Password', 'login', 'credentials', 'KeePass', 'LastPass', 'Keeper', 'silne hasło', 'wspólne hasła', 'udostępnianie haseł', 'hasła na karteczkach', 'jedno hasło do wszystkiego', 'hasła w Excelu', 'strong password', 'shared passwords', 'passwords on sticky notes', 'same password everywhere'] },
  { id: 'phishing', phrases: ['phishing', 'fałszywa wiadomość', 'podejrzany mail', 'oszustwo', 'wyłudzenie', 'scam', 'fake email', 'suspicious email', 'fraud', 'dziwny mail', 'dziwna wiadomość', 'podejrzana wiadomość', 'fałszywy mail', 'kliknąć w link', 'kliknąć link', 'podejrzany link', 'podejrzany załącznik', 'fałszywa strona logowania', 'wyłudzanie danych', 'zgłoś phishing', 'smishing', 'vishing', 'strange email', 'weird email', 'click a link', 'clicked a link', 'suspicious link', 'suspicious attachment', 'fake login page', 'report phishing', 'phishing simulation', 'GoPhish', 'KnowBe4', 'oszukańcze wiadomości', 'oszukańczy mail', 'oszuści', 'naciągacze', 'podejrzane maile', 'scam messages', 'scammers', 'dodgy emails', 'dać się nabrać', 'nabrać się', 'dali się nabrać', 'fell for', 'falling for'] },
  { id: 'szkolenie', phrases: ['szkolenie', 'nauka', 'kurs', 'warsztat', 'training', 'teach', 'course', 'awareness', 'świadomość zagrożeń', 'security awareness', 'webinar'] },
  { id: 'kopia-zapasowa', phrases: ['kopia zapasowa', 'kopia bezpieczeństwa', 'backup', 'backup copy', 'archiwizacja', 'odzyskanie danych', 'przywracanie', 'back up', 'restore', 'recovery', 'zrobić kopię', 'kopia plików', 'kopia w chmurze', 'kopia poza biurem', 'test odtworzenia', 'odtworzenie', 'odzyskać pliki', 'odzyskać dane', 'Time Machine', 'Historia plików', 'Acronis', 'Veeam', 'Backblaze', 'UpdraftPlus', 'cloud backup', 'offsite backup', 'restore test', 'recover files', 'data recovery', 'File History'] },
  { id: 'pendrive', phrases: ['pendrive', 'pamięć USB', 'dysk USB', 'USB stick', 'flash drive', 'memory stick'] },
  { id: 'dysk', phrases: ['dysk', 'dysk zewnętrzny', 'serwer NAS', 'drive', 'hard drive', 'external drive', 'disk'] },
  { id: 'dostep', phrases: ['dostęp', 'konto', 'uprawnienia', 'access', 'account', 'permissions', 'prawa dostępu', 'uprawnienia administratora', 'konto gościa', 'access rights', 'admin rights', 'guest access', 'guest account'] },
  { id: 'onboarding', phrases: ['onboarding', 'offboarding', 'pierwszy dzień', 'odejście', 'zatrudnienie', 'first day', 'new starter', 'new hire', 'leaver', 'leaves', 'joiner', 'nowy pracownik', 'nowy wolontariusz', 'zakładanie konta', 'założyć konto', 'wdrożenie pracownika', 'odejście z pracy', 'ostatni dzień', 'były pracownik', 'przekazanie obowiązków', 'zwrot sprzętu', 'rotacja', 'new employee', 'new volunteer', 'account setup', 'last day', 'former employee', 'ex-employee', 'handover', 'returning equipment', 'staff turnover', 'joiners and leavers'] },
  // Cloud and IT
  { id: 'poczta', phrases: ['poczta', 'e-mail', 'mail', 'skrzynka', 'skrzynka pocztowa', 'email', 'mailbox', 'inbox'] },
  { id: 'techsoup', phrases: ['TechSoup', 'program non-profit', 'zniżka na licencje', 'darmowe licencje', 'licencja', 'nonprofit discount', 'free licences', 'licence', 'license', 'grant', 'Google for Nonprofits', 'Google dla organizacji non-profit', 'Microsoft Nonprofit', 'Business Basic', 'Business Premium', 'Google Ad Grants', 'Google Grants', 'Goodstack', 'weryfikacja organizacji', 'zniżka dla fundacji', 'tanie oprogramowanie', 'nonprofit verification', 'nonprofit programme', 'cheap software for charities'] },
  { id: 'obsluga-it', phrases: ['obsługa IT', 'informatyk', 'helpdesk', 'wsparcie techniczne', 'opieka informatyczna', 'serwis komputerów', 'outsourcing IT', 'IT support', 'IT help', 'tech support', 'managed IT', 'sieć komputerowa', 'network', 'pomoc techniczna', 'pomoc informatyczna', 'informatyk na telefon', 'administrator sieci', 'pomoc zdalna', 'dział IT', 'abonament IT', 'umowa serwisowa', 'naprawa komputera', 'IT guy', 'IT person', 'network administrator', 'remote support', 'IT department', 'IT retainer', 'computer repair', 'IT outsourcing', 'zewnętrzny informatyk', 'external admin', 'IT person', 'IT guy'] },
  // Automation and data
  { id: 'automatyzacja', phrases: ['automatyzacja', 'automatycznie', 'bez ręcznej pracy', 'Zapier', 'n8n', 'Power Automate', 'automation', 'automatic', 'automatically', 'workflow'] },
  // Donations
  { id: 'darowizna', phrases: ['darowizna', 'wpłata', 'datek', 'wsparcie', 'darczyńca', 'zbiórka', 'zrzutka', 'datki', 'wesprzyj nas', 'crowdfunding', 'donation', 'donate', 'donor', 'gift', 'supporter', 'fundraising', 'wesprzyj', 'wpłacam', 'przycisk wesprzyj', 'zbieranie pieniędzy', 'zbiórka online', 'datki online', 'cegiełka', 'Patronite', 'GiveWP', 'donate button', 'online giving', 'collect donations', 'collecting money online', 'raise money', 'zebrać pieniądze', 'zbierać pieniądze', 'zbieramy pieniądze', 'przyjmować wpłaty', 'wpłaty przez stronę', 'wpłacić', 'wpłać teraz', 'chcą nas wesprzeć', 'accept donations', 'take donations', 'give now', 'whip-round', 'JustGiving', 'GoFundMe'] },
  // Everyday words, symptoms and brands for the site's topics (2026-11-24, written from the pages by
  // someone who never saw the relevance questions).
  { id: 'prywatny-gmail', phrases: ['prywatny Gmail', 'prywatne konto', 'prywatna skrzynka', 'prywatny mail', 'personal account', 'private email', 'personal Gmail', 'personal email'] },
  { id: 'po-grancie', phrases: ['po grancie', 'po zakończeniu grantu', 'koniec grantu', 'grant się kończy', 'koniec finansowania', 'trwałość projektu', 'after the grant', 'when the grant ends', 'grant runs out', 'end of the grant', 'funding ends', 'project sustainability'] },
  { id: 'abonament', phrases: ['abonament', 'opłata miesięczna', 'stała opłata', 'ryczałt', 'subscription', 'monthly fee', 'flat fee', 'flat rate', 'retainer'] },
  // Situations told in everyday words → the topic that answers them (2026-11-24, second blind pass).
  { id: 'reczna-praca', phrases: ['ręczna praca', 'ręcznie', 'przepisywanie', 'przepisuję', 'przepisywać', 'przepisuje', 'wklepywać', 'wklepuję', 'kopiuj-wklej', 'powtarzalne zadania', 'żmudna praca', 'te same czynności', 'automatyzacja procesów', 'manually', 'manual work', 'retyping', 're-entering', 'copy-paste', 'copy and paste', 'data entry', 'repetitive tasks', 'tedious', 'process automation', 'workflow automation', 'korespondencja seryjna', 'masowa wysyłka', 'odpisywanie każdemu', 'mail merge', 'replying to every'] },
  { id: 'nowa-osoba', phrases: ['nowa osoba', 'dołącza', 'dołączyła', 'dołączył', 'dołączają', 'zaczyna pracę', 'zatrudniliśmy', 'przyjęliśmy', 'nowa koordynatorka', 'nowa wolontariuszka', 'onboarding', 'joins', 'joined', 'joining', 'starting Monday', 'hired', 'new recruit', 'newcomer', 'new joiner'] },
  { id: 'odejscie-pracownika', phrases: ['odejście pracownika', 'odeszła', 'odszedł', 'odchodzi', 'odchodzą', 'zrezygnowała', 'zrezygnował', 'wypowiedzenie', 'złożyła wypowiedzenie', 'rozstaliśmy się', 'była koordynatorka', 'była wolontariuszka', 'offboarding', 'resigned', 'resignation', 'left the team', 'left the organisation', 'stepping down', 'handed in notice', 'departed', 'departing', 'leaver', 'sezonowi pracownicy', 'pracownicy sezonowi', 'pracownik tymczasowy', 'po sezonie', 'koniec umowy', 'seasonal staff', 'seasonal workers', 'temporary staff', 'contract ends', 'quits', 'quit', 'quitting', 'rzuca pracę', 'rezygnuje', 'kończy współpracę'] },
];
