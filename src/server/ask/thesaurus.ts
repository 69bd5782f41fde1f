/**
 * A small bilingual thesaurus of the field's vocabulary, applied to questions (never to the index):
 * each group lists words and phrases, Polish and English, that people use for one thing. A question
 * containing one of them also searches for the others, at a lower weight (engine.ts `synonymWeight`).
 * Data only; tests/unit/ask-thesaurus.test.ts checks every phrase still normalises to something and
 * that the expansion works on inflected and diacritic-free forms.
 *
 * Groups name concepts of the site's subject (NGOs and small offices, websites, security, cloud,
 * automation, donations), written from that vocabulary, not from the relevance set's questions.
 */
export const thesaurus: readonly (readonly string[])[] = [
  // Organisations
  ['NGO', 'organizacja pozarządowa', 'fundacja', 'stowarzyszenie', 'non-profit', 'nonprofit', 'charity', 'foundation', 'association', 'trzeci sektor'],
  ['firma', 'biuro', 'przedsiębiorstwo', 'company', 'business', 'office', 'small business', 'mała firma'],
  ['pracownik', 'współpracownik', 'wolontariusz', 'zespół', 'ludzie', 'employee', 'staff', 'volunteer', 'team', 'colleague', 'people'],
  // Websites
  ['WWW', 'strona internetowa', 'witryna', 'serwis', 'website', 'site', 'web page', 'homepage', 'strona główna'],
  ['CMS', 'system zarządzania treścią', 'WordPress', 'kreator stron', 'edycja strony', 'site builder', 'content management', 'edit the site'],
  ['szybkość', 'wydajność', 'ładowanie', 'wczytywanie', 'speed', 'performance', 'slow', 'load time', 'loading', 'Core Web Vitals', 'PageSpeed'],
  ['webmaster', 'twórca stron', 'web developer', 'web designer'],
  ['wolny', 'powolny', 'muli', 'slow', 'sluggish', 'laggy'],
  ['obraz', 'obrazek', 'zdjęcie', 'grafika', 'image', 'picture', 'photo'],
  ['telefon', 'komórka', 'smartfon', 'mobile', 'phone', 'smartphone'],
  // Accessibility
  ['dostępność', 'WCAG', 'niepełnosprawność', 'niepełnosprawni', 'niewidomy', 'niedowidzący', 'czytnik ekranu', 'accessibility', 'disability', 'disabled', 'blind', 'screen reader', 'a11y'],
  ['daltonizm', 'daltonista', 'colour blindness', 'color blindness', 'colour-blind', 'color-blind'],
  ['niesłyszący', 'głuchy', 'niedosłyszący', 'deaf'],
  ['senior', 'seniorzy', 'seniorów', 'elderly'],
  ['EAA', 'Europejski Akt o Dostępności', 'ustawa o dostępności', 'przepisy unijne', 'European Accessibility Act', 'EU law', 'EU rules', 'regulations'],
  ['audyt', 'sprawdzenie', 'kontrola', 'przegląd', 'raport', 'audit', 'check', 'review', 'assessment'],
  // Security
  ['MFA', '2FA', 'uwierzytelnianie wieloskładnikowe', 'uwierzytelnianie dwuskładnikowe', 'weryfikacja dwuetapowa', 'logowanie dwuetapowe', 'kod SMS', 'aplikacja uwierzytelniająca', 'multi-factor authentication', 'two-factor authentication', 'two-step verification', 'authenticator', 'one-time code'],
  ['hasło', 'menedżer haseł', 'password', 'password manager', 'Bitwarden', '1Password', 'login', 'credentials'],
  ['włamanie', 'przejęcie konta', 'atak', 'wyciek', 'zhakowany', 'zhakowane konto', 'break-in', 'account takeover', 'hacked', 'breach', 'attack'],
  ['phishing', 'fałszywa wiadomość', 'podejrzany mail', 'oszustwo', 'wyłudzenie', 'scam', 'fake email', 'suspicious email', 'fraud'],
  ['wirus', 'wirus komputerowy', 'złośliwe oprogramowanie', 'malware', 'virus', 'computer virus'],
  ['podszywanie się', 'spoofing', 'impersonation'],
  ['spam', 'niechciana poczta', 'junk mail'],
  ['SMS', 'esemes', 'wiadomość tekstowa', 'text message'],
  ['paczka', 'przesyłka', 'parcel'],
  ['szkolenie', 'nauka', 'kurs', 'warsztat', 'training', 'teach', 'course', 'awareness'],
  ['kopia zapasowa', 'kopia bezpieczeństwa', 'backup', 'backup copy', 'archiwizacja', 'odzyskanie danych', 'przywracanie', 'back up', 'restore', 'recovery'],
  ['awaria', 'utrata danych', 'ransomware', 'failure', 'data loss', 'crash'],
  ['usunięty', 'skasowany', 'wykasowany', 'deleted', 'erased'],
  ['pendrive', 'pamięć USB', 'dysk USB', 'USB stick', 'flash drive', 'memory stick'],
  ['dysk', 'dysk zewnętrzny', 'serwer NAS', 'drive', 'hard drive', 'external drive', 'disk'],
  ['dostęp', 'konto', 'uprawnienia', 'access', 'account', 'permissions'],
  ['onboarding', 'offboarding', 'pierwszy dzień', 'odejście', 'zatrudnienie', 'first day', 'new starter', 'new hire', 'leaver', 'leaves', 'joiner'],
  ['stażysta', 'praktykant', 'intern', 'trainee'],
  ['zwolnienie pracownika', 'rozwiązanie umowy', 'koniec umowy', 'dismissal', 'termination', 'end of contract'],
  // Cloud and IT
  ['chmura', 'cloud', 'online', 'Microsoft 365', 'Office 365', 'Google Workspace', 'G Suite'],
  ['poczta', 'e-mail', 'mail', 'skrzynka', 'skrzynka pocztowa', 'email', 'mailbox', 'inbox'],
  ['poczta firmowa', 'poczta w domenie', 'firmowy e-mail', 'business email', 'company email', 'email on our domain'],
  ['pakiet biurowy', 'pakiet Office', 'Microsoft Office', 'office suite'],
  ['darmowy', 'bezpłatny', 'za darmo', 'gratis', 'free'],
  ['migracja', 'przeniesienie', 'przenosiny', 'przejście', 'migration', 'move', 'moving', 'switch'],
  ['TechSoup', 'program non-profit', 'zniżka', 'darmowe licencje', 'licencja', 'nonprofit discount', 'free licences', 'licence', 'license', 'grant'],
  ['obsługa IT', 'informatyk', 'helpdesk', 'wsparcie techniczne', 'opieka informatyczna', 'serwis komputerów', 'outsourcing IT', 'IT support', 'IT help', 'tech support', 'managed IT', 'sieć', 'network'],
  ['laptop', 'komputer', 'komputer przenośny', 'notebook', 'computer', 'PC'],
  ['drukarka', 'drukowanie', 'printer', 'printing'],
  ['Wi-Fi', 'WiFi', 'sieć bezprzewodowa', 'wireless network'],
  ['zawiesza się', 'zawieszanie się', 'freezes', 'freezing', 'frozen'],
  // Automation and data
  ['automatyzacja', 'automatycznie', 'bez ręcznej pracy', 'Make', 'Zapier', 'n8n', 'Power Automate', 'automation', 'automatic', 'automatically', 'workflow'],
  ['cyfryzacja', 'digitalizacja', 'digitisation', 'digitization'],
  ['makro', 'makra', 'macro', 'macros'],
  ['arkusz', 'Excel', 'arkusz kalkulacyjny', 'tabela', 'Google Sheets', 'spreadsheet', 'sheet'],
  ['formularz', 'zgłoszenie', 'zapisy', 'rejestracja', 'ankieta', 'form', 'sign-up', 'signup', 'registration', 'survey'],
  ['RODO', 'GDPR', 'dane osobowe', 'ochrona danych', 'prywatność', 'personal data', 'data protection', 'privacy'],
  // Donations
  ['darowizna', 'wpłata', 'datek', 'wsparcie', 'darczyńca', 'zbiórka', 'zrzutka', 'datki', 'wesprzyj nas', 'crowdfunding', 'donation', 'donate', 'donor', 'gift', 'supporter', 'fundraising', 'support us'],
  ['płatność', 'płatności online', 'BLIK', 'przelew', 'karta', 'operator płatności', 'bramka płatności', 'payment', 'payment gateway', 'payment provider', 'online payment', 'card payment', 'pay'],
  ['cykliczna', 'cykliczne', 'comiesięczna', 'stałe zlecenie', 'recurring', 'monthly', 'regular'],
];
