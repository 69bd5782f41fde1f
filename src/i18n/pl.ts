/**
 * The Polish interface strings, and the source of the keys: en.ts must have exactly these.
 * `{name}` marks a value fill() puts in; an object of one/few/many/other is a counted noun for countOf.
 */
export const pl = {
  skip: 'Przejdź do treści',
  nav: { services: 'Usługi', articles: 'Artykuły', pricing: 'Cennik', consultation: 'Konsultacja', contact: 'Kontakt' },
  mainNav: 'Nawigacja główna',
  footerNav: { site: 'Strona', siteTitle: 'Na stronie', more: 'Więcej', moreTitle: 'Więcej', agents: 'Dla integratorów', agentsTitle: 'Dla agentów i integratorów' },
  switchTo: 'English',
  search: {
    label: 'Szukaj na stronie', placeholder: 'Np. ile kosztuje strona?', placeholderShort: 'Szukaj…', submit: 'Szukaj', title: 'Wyniki wyszukiwania', titleEmpty: 'Szukaj na stronie',
    description: 'Usługi, cennik, artykuły, kontakt i konsultacja: zapytaj własnymi słowami.',
    count: { one: 'wynik', few: 'wyniki', many: 'wyników', other: 'wyniku' },
    more: 'Pierwsze {count} wyników; zawęź pytanie, by zobaczyć inne.',
    for: 'dla „{query}”',
    limited: 'Za dużo wyszukiwań w krótkim czasie. Spróbuj ponownie za {seconds}.',
    none: 'Nic na tej stronie nie pasuje do tego pytania.', noneHint: 'Spróbuj innych słów albo wybierz, dokąd przejść:',
    empty: 'Wpisz pytanie albo kilka słów, np. „kopie zapasowe” albo „ile kosztuje strona”.',
    chat: 'Zapytaj asystenta o to samo', chatLead: 'Wolisz rozmowę?',
    kinds: { article: 'Artykuł', service: 'Usługa', pricing: 'Cennik', contact: 'Kontakt', consultation: 'Konsultacja', chat: 'Asystent', page: 'Informacje', case_study: 'Realizacja' },
    otherLanguage: 'po angielsku',
  },
  menu: 'Menu',
  privacy: {
    link: 'polityce prywatności',
    contact: 'Dane z formularza wykorzystujemy tylko do odpowiedzi na wiadomość; szczegóły w',
    newsletter: 'Adres e-mail wykorzystujemy tylko do wysyłki newslettera (wypisanie jednym kliknięciem); szczegóły w',
    booking: 'Dane z rezerwacji wykorzystujemy tylko do umówienia i przeprowadzenia konsultacji; szczegóły w',
    chat: 'Pytania przekazujemy modelowi językowemu tylko na czas odpowiedzi i nie zapisujemy rozmów; szczegóły w',
  },
  footer: { privacy: 'Polityka prywatności', about: 'O nas', webhooks: 'Webhooki', status: 'Status', forAgents: 'Dla agentów AI', markdown: 'Ta strona w Markdown', pricingMarkdown: 'Cennik w obu językach w Markdown', rss: 'RSS' },
  home: {
    documentTitle: '{brand} — strony, IT i automatyzacja dla NGO i małych firm',
    services: 'Usługi', allServices: 'Wszystkie usługi', latest: 'Najnowsze artykuły', allArticles: 'Wszystkie artykuły',
    ctaTitle: 'Bezpłatna konsultacja', ctaText: 'Porozmawiajmy {minutes} minut o tym, czego potrzebuje Twoja organizacja. Bez zobowiązań.',
    ctaButton: 'Umów konsultację', contactButton: 'Napisz do nas',
    eyebrow: 'Pracownia z Warszawy · dla NGO i małych firm',
    lead: 'Projektujemy szybkie, dostępne strony, opiekujemy się IT i automatyzujemy żmudną pracę biurową. Jasne ceny, rabat dla organizacji pozarządowych.',
    startTitle: 'Trzy sposoby, żeby zacząć',
    start: [
      { icon: 'calendar-check', title: 'Bezpłatna konsultacja', text: '{minutes} minut rozmowy o tym, czego potrzebujesz. Wybierz termin w kalendarzu.', link: 'Wybierz termin' },
      { icon: 'mail', title: 'Napisz do nas', text: 'Opisz sprawę w kilku zdaniach, odpowiemy w ciągu dnia roboczego.', link: 'Formularz kontaktowy' },
      { icon: 'receipt-text', title: 'Sprawdź cennik', text: 'Wszystkie ceny są jawne, netto i brutto, bez gwiazdek.', link: 'Zobacz cennik' },
    ],
    servicesLead: 'Pięć rzeczy, które robimy dobrze — od pierwszej strony po codzienną opiekę.',
    howEyebrow: 'Proces', whoEyebrow: 'O nas',
    howTitle: 'Jak pracujemy',
    how: [
      { title: 'Rozmowa', text: 'Zaczynamy od bezpłatnej konsultacji: cele, budżet, terminy.' },
      { title: 'Plan i wycena', text: 'Dostajesz zakres prac i stałą cenę na piśmie, zanim cokolwiek zaczniemy.' },
      { title: 'Realizacja', text: 'Pracujemy etapami i pokazujemy postępy; możesz zgłaszać uwagi na bieżąco.' },
      { title: 'Opieka', text: 'Uczymy zespół, przekazujemy dostępy i zostajemy pod telefonem.' },
    ],
    whoTitle: 'Kim jesteśmy',
    whoFacts: [
      { icon: 'map-pin', text: 'Warszawa i zdalnie, w całej Polsce' },
      { icon: 'languages', text: 'Pracujemy po polsku i po angielsku' },
      { icon: 'handshake', text: 'Rabat dla organizacji pozarządowych' },
      { icon: 'shield-check', text: 'Domeny, konta i dane zawsze należą do Ciebie' },
    ],
    about: 'Więcej o nas',
  },
  service: { facts: 'W skrócie', deliverables: 'Co otrzymujesz', process: 'Jak pracujemy', duration: 'Typowy czas realizacji', priceFrom: 'Cena od', net: 'netto', gross: 'brutto', faq: 'Najczęstsze pytania', seePricing: 'Zobacz cennik', ask: 'Zapytaj o tę usługę', askTopic: 'Zapytanie o usługę: {service}' },
  articles: {
    title: 'Artykuły', description: 'Praktyczne porady o stronach internetowych, bezpieczeństwie IT i automatyzacji dla fundacji, stowarzyszeń i małych firm.',
    tags: 'Tematy', page: 'Strona {page} z {count}', pagination: 'Stronicowanie',
    previous: 'Nowsze', next: 'Starsze', tagTitle: 'Artykuły: {tag}',
    tagDescription: '{articles} na temat „{tag}”.', articleCount: { one: 'artykuł', few: 'artykuły', many: 'artykułów', other: 'artykułu' },
    published: 'Opublikowano', updated: 'Zaktualizowano', author: 'Autor', reading: '{minutes} min czytania',
    translation: 'Ten artykuł po angielsku', noTranslation: 'Artykuł nie ma jeszcze wersji angielskiej.',
  },
  draft: { label: 'Szkic', text: 'widoczny tylko w podglądzie (npm run dev); nie trafia na stronę, dopóki nie usuniesz draft: true.' },
  cases: {
    nav: 'Realizacje', title: 'Realizacje', eyebrow: 'Wybrane realizacje',
    description: 'Jak pomogliśmy fundacjom, małym firmom i szkołom: problem, co zrobiliśmy i wynik w liczbach, słowami klientów.',
    homeTitle: 'Co już zrobiliśmy', all: 'Wszystkie realizacje', client: 'Klient', size: 'Wielkość', services: 'Usługi',
    problem: 'Problem', work: 'Co zrobiliśmy', results: 'Wynik', quote: 'Słowami klienta', published: 'Opublikowano',
    ofService: 'Realizacje z tą usługą', read: 'Przeczytaj', translation: 'Ta realizacja po angielsku',
    sectors: { ngo: 'Organizacja pozarządowa', business: 'Mała firma', education: 'Edukacja' },
  },
  pricing: { item: 'Pakiet', billing: 'Rozliczenie', net: 'Netto', gross: 'Brutto', from: 'od', consultation: 'Konsultacja', free: 'bezpłatnie', minutes: 'min', book: 'Umów konsultację' },
  contact: {
    title: 'Kontakt', description: 'Napisz, zadzwoń albo umów bezpłatną konsultację: dane kontaktowe, adres i formularz w jednym miejscu.', facts: 'Dane kontaktowe',
    email: 'E-mail', phone: 'Telefon', address: 'Adres', hours: 'Godziny pracy', nip: 'NIP',
  },
  consultation: {
    title: 'Bezpłatna konsultacja', what: 'Czym jest konsultacja', duration: 'Czas trwania', price: 'Cena', free: 'bezpłatnie', minutes: 'minut',
    how: 'Jak się umówić', steps: ['Wybierz dogodny termin.', 'Potwierdź imię i adres e-mail.'],
    /** The last step, by where the consultation takes place (CONSULTATION_LOCATION). */
    lastStep: {
      phone: 'Otrzymasz e-mailem potwierdzenie z zaproszeniem do kalendarza; o umówionej porze zadzwonimy na podany numer.',
      video: 'Otrzymasz e-mailem zaproszenie do kalendarza z linkiem do rozmowy wideo.',
      address: 'Otrzymasz e-mailem potwierdzenie z zaproszeniem do kalendarza; spotkamy się osobiście pod adresem: {address}.',
    },
    /** After the offer's summary in the page's lead and description: how the conversation happens (CONSULTATION_LOCATION). */
    where: {
      phone: 'Rozmawiamy przez telefon: o umówionej porze dzwonimy na podany numer.',
      video: 'Rozmawiamy online, przez wideo: link przychodzi w zaproszeniu.',
      address: 'Spotykamy się osobiście pod adresem: {address}.',
    },
    book: 'Wybierz termin', slots: 'Wolne terminy',
  },
  notFound: { title: 'Nie znaleziono strony', text: 'Ta strona nie istnieje albo została przeniesiona. Sprawdź adres albo wybierz, dokąd chcesz przejść.', home: 'Strona główna', ways: 'Dokąd dalej' },
  status: {
    title: 'Status usługi', description: 'Którzy dostawcy są skonfigurowani w tym wdrożeniu i czy odpowiadają.', provider: 'Usługa', configured: 'Konfiguracja', state: 'Stan', detail: 'Szczegóły', checked: 'sprawdzono', json: 'Wersja JSON',
    overall: 'Ogólnie', overallState: { ok: 'wszystko działa', degraded: 'częściowe problemy' }, caption: 'Dostawcy i ich stan',
    names: { mail: 'Poczta', mailing_list: 'Lista mailingowa', scheduling: 'Kalendarz konsultacji', chat: 'Model czatu', counters: 'Wspólne liczniki', database: 'Wbudowana baza danych' },
    states: { ok: 'odpowiada', key_refused: 'odpowiada, klucz odrzucony', unreachable: 'nie odpowiada', not_writable: 'nie zapisuje', not_delivered: 'nie doręcza', disabled: 'wyłączone' },
    implementations: { resend: 'Resend', smtp: 'serwer SMTP', outbox: 'pliki .eml na serwerze', off: 'wyłączone', embedded: 'wbudowana lista', 'cal.com': 'Cal.com', 'office-hours': 'godziny konsultacji z treści strony', gateway: 'AI Gateway', 'openai-compatible': 'serwer zgodny z API OpenAI', none: 'brak', redis: 'Redis', upstash: 'Upstash', memory: 'pamięć procesu', sqlite: 'SQLite' },
    reasons: { ok: 'odpowiedział na sprawdzenie', key_refused: 'odpowiada, ale odrzuca skonfigurowany klucz lub hasło', unreachable: 'brak odpowiedzi w wyznaczonym czasie albo błąd', not_writable: 'nie może zapisywać: dysk jest pełny, tylko do odczytu albo brak uprawnień', not_delivered: 'poczta zostaje w DATA_DIR/outbox na serwerze: nikt jej nie dostaje', disabled: 'nieskonfigurowane albo wyłączone' },
    settings: 'Ustawienia', settingsNone: 'bez ostrzeżeń',
    settingsWarnings: { one: 'ostrzeżenie', few: 'ostrzeżenia', many: 'ostrzeżeń', other: 'ostrzeżenia' },
    owner: 'Widok właściciela (z linku npm run admin -- status-link): ustawienia i publikacja, których publiczna strona nie pokazuje.',
    publishing: 'Publikacja',
    publishingStates: {
      current: 'najnowsza treść jest na stronie (wersja zbudowana {builtAt})',
      building: 'zmiana jest budowana; do jej końca strona podaje wersję zbudowaną {builtAt}',
      failed: 'ostatnia zmiana nie weszła na stronę: jej budowanie nie powiodło się {failedAt}. Strona podaje ostatnią dobrą wersję, zbudowaną {builtAt}. Co mówi sprawdzenie:',
    },
    limitedTitle: 'Za dużo zapytań',
    limitedText: 'Ta strona sprawdza dostawców na żądanie, więc liczy odwiedziny. Odczekaj {seconds} i odśwież.',
  },
  /**
   * The configuration warnings (src/server/base/settings-warnings.ts), one per code: the owner's status
   * view in the page's language; the English ones also in the server's log and in a refusal to start.
   */
  settingsWarnings: {
    contact_email_example: 'CONTACT_EMAIL to {address}, adres przykładowy: wiadomości z formularza i zapytania nie trafiają do nikogo. Ustaw adres właściciela.',
    booking_url_sample: 'BOOKING_URL to przykładowy link {url}: odwiedzający trafiają do cudzego kalendarza. Ustaw własną stronę rezerwacji.',
    mail_outbox: 'MAIL_PROVIDER to outbox: żadna poczta nie wychodzi z serwera. Wiadomości do Ciebie i do odwiedzających (potwierdzenia, newsletter) zostają w DATA_DIR/outbox jako pliki .eml. Ustaw RESEND_API_KEY (albo SMTP_URL).',
    mail_outbox_no_key: 'MAIL_PROVIDER to outbox (RESEND_API_KEY nie jest ustawiony): żadna poczta nie wychodzi z serwera. Wiadomości do Ciebie i do odwiedzających (potwierdzenia, newsletter) zostają w DATA_DIR/outbox jako pliki .eml. Ustaw RESEND_API_KEY (albo SMTP_URL).',
    mail_from_free_mail: 'MAIL_FROM jest w domenie {domain}, domenie darmowej poczty: {provider} nie może z niej wysyłać, a serwery odbiorców ją odrzucają. Ustaw adres w domenie, którą zweryfikowano.',
    mail_from_derived_free_mail: 'MAIL_FROM nie jest ustawiony, więc powstaje z CONTACT_EMAIL jako {address}, w domenie darmowej poczty, z której {provider} nie może wysyłać. Ustaw MAIL_FROM w domenie, którą zweryfikowano.',
    oauth_client_secret_weak: 'OAUTH_CLIENT_SECRET jest słaby (znaków: {length}): kto go odgadnie, dostaje tokeny do każdego zakresu. Ustaw co najmniej {minimum} losowych znaków (np. openssl rand -base64 48).',
    oauth_cimd_test_hosts: 'OAUTH_CIMD_TEST_HOSTS jest ustawiony ({hosts}): dokumenty metadanych klientów mogą być pobierane z tych portów pętli zwrotnej. Służy testom; usuń go we wdrożeniu.',
    link_signing_secret_unset: 'LINK_SIGNING_SECRET nie jest ustawiony: linki w mailach i tokeny formularzy podpisuje sekret wygenerowany w DATA_DIR, inny na każdym serwerze. Ustaw jedną wartość dla wszystkich serwerów.',
    link_signing_secret_weak: 'LINK_SIGNING_SECRET jest słaby (mniej niż 10 różnych znaków): linki w mailach i tokeny formularzy da się podrobić. Ustaw co najmniej {minimum} losowych znaków.',
    cal_half_configured: '{present} jest ustawiony bez {missing}: Cal.com nie jest używany, a rezerwacje trafiają do wbudowanych godzin konsultacji. Ustaw oba albo żaden.',
    chat_key_without_url: 'CHAT_API_KEY jest ustawiony bez CHAT_BASE_URL: klucz nie jest używany. Ustaw adres serwera modelu albo usuń klucz.',
    resend_segment_without_resend: 'RESEND_SEGMENT_ID jest ustawiony, ale poczta idzie przez {provider}: subskrybenci zostają na wbudowanej liście. Ustaw RESEND_API_KEY albo usuń segment.',
    site_url_local: 'SITE_URL to {url}: tam prowadzi każdy link w dokumentach, mailach i kartach agentów. Ustaw publiczny adres strony.',
  },
  /** Counted nouns for countOf (src/server/base/plural.ts). */
  units: {
    seconds: { one: 'sekundę', few: 'sekundy', many: 'sekund', other: 'sekundy' },
  },
  contactSection: { heading: 'Napisz do nas', noscript: 'Formularz wymaga JavaScriptu. Bez niego napisz bezpośrednio na adres', lead: 'Odpowiadamy zwykle w ciągu jednego dnia roboczego.' },
  newsletterSection: { eyebrow: 'Newsletter', leave: 'Chcesz zrezygnować?', leaveLink: 'Wypisz się z newslettera', heading: 'Praktyczne porady w Twojej skrzynce', lead: 'Raz w miesiącu: strony, IT i automatyzacja. Zapis potwierdzasz linkiem z e-maila, wypisanie jednym kliknięciem.', noscript: 'Zapis wymaga JavaScriptu. Bez niego wyślij e-mail z tematem „newsletter” na adres', subject: 'newsletter' },
  /** The contact form island (given to it as a prop, this language only). */
  contactForm: {
    name: 'Imię i nazwisko',
    email: 'E-mail',
    topic: 'Temat (opcjonalnie)',
    message: 'Wiadomość',
    messageHelp: 'Co najmniej 10 znaków.',
    listConsent: 'Możecie zachować mój adres na liście kontaktów Pracowni (segment „Kontakt”), by pisać do mnie o usługach. Mogę się wypisać w każdej chwili. Bez tej zgody adres służy tylko do odpowiedzi.',
    send: 'Wyślij wiadomość',
    sending: 'Wysyłanie…',
    sent: 'Dziękujemy! Wiadomość dotarła, odpowiemy na podany adres e-mail.',
    fix: 'Popraw zaznaczone pola.',
  },
  /** The newsletter island (a prop, this language only). */
  newsletterForm: {
    email: 'Twój e-mail',
    consent: 'Zgadzam się na otrzymywanie newslettera (mogę zrezygnować w każdej chwili).',
    send: 'Zapisz mnie',
    sending: 'Zapisywanie…',
    // The answer is the same whether a mail went out now or one did within the hour (nothing reveals
    // who signed up), so the sentence is true in both cases.
    sent: 'Prawie gotowe! Sprawdź skrzynkę i kliknij link potwierdzający. Wysyłamy go na jeden adres najwyżej raz na godzinę, więc po ponownym zapisie w tym czasie nowy e-mail nie przyjdzie: użyj linku z poprzedniego.',
    fix: 'Popraw zaznaczone pola.',
  },
  /** What every form island says about fields and answers (a prop beside the island's own namespace). */
  formChecks: {
    network: 'Nie udało się połączyć z serwerem. Sprawdź połączenie i spróbuj ponownie.',
    unexpected: 'Serwer odpowiedział nieoczekiwanie. Spróbuj ponownie za chwilę.',
    required: 'To pole jest wymagane.',
    email: 'Wpisz poprawny adres e-mail, np. anna@example.org.',
    tooShort: 'Wpisz co najmniej {count}.',
    characters: { one: 'znak', few: 'znaki', many: 'znaków', other: 'znaku' },
    checkbox: 'Zaznacz to pole, aby kontynuować.',
    honeypot: 'Nie wypełniaj tego pola',
    /** Sentences for the error codes a visitor can meet; other codes show the API's own words. */
    codes: {
      rate_limited: 'Za dużo prób w krótkim czasie. Spróbuj ponownie za {seconds} s.',
      provider_unavailable: 'Usługa pocztowa chwilowo nie odpowiada. Spróbuj ponownie za kilka sekund.',
      not_configured: 'Ta funkcja jest wyłączona na tej stronie. Napisz do nas bezpośrednio e-mailem.',
    },
  },
  /** The consultation booking island (a prop, this language only); useLink is also the page's no-script link. */
  booking: {
    loading: 'Wczytuję wolne terminy…',
    pick: 'Wybierz termin',
    zone: 'Godziny w strefie',
    changeZone: 'Zmień strefę czasową',
    zoneLabel: 'Strefa czasowa',
    previous: 'Poprzedni tydzień',
    next: 'Następny tydzień',
    noneThisWeek: 'W tym tygodniu nie ma wolnych terminów. Zobacz następny tydzień.',
    noneAtAll: 'W najbliższych tygodniach nie ma wolnych terminów.',
    noSlots: 'brak',
    unavailable: 'Nie możemy teraz pokazać wolnych terminów.',
    useLink: 'Umów konsultację przez stronę rezerwacji',
    details: 'Twoje dane',
    name: 'Imię i nazwisko',
    email: 'E-mail',
    phone: 'Telefon (opcjonalnie)',
    notes: 'O czym chcesz porozmawiać? (opcjonalnie)',
    chosen: 'Wybrany termin',
    nothingChosen: 'Nie wybrano jeszcze terminu.',
    submit: 'Zarezerwuj konsultację',
    busy: 'Rezerwuję…',
    chooseFirst: 'Wybierz termin z kalendarza powyżej.',
    fix: 'Popraw zaznaczone pola.',
    failed: 'Nie udało się zarezerwować terminu. Spróbuj ponownie za chwilę albo skorzystaj z linku.',
    limit: 'Na ten adres e-mail (lub z tej sieci) są już zarezerwowane nadchodzące konsultacje: tyle, ile przyjmujemy. Aby zmienić termin, otwórz link z e-maila z potwierdzeniem.',
    notVerified: 'Nie udało się zweryfikować formularza, więc nic nie zarezerwowaliśmy. Odśwież stronę i spróbuj ponownie.',
    tooMany: 'Za dużo prób w krótkim czasie. Spróbuj ponownie za {seconds} s.',
    alternatives: 'Aktualne wolne terminy',
    loaded: '{week}: wolne terminy: {count}.',
    bookedTitle: 'Do usłyszenia!',
    bookedMail: 'Podany adres e-mail: {email}.',
  },
  /** The articles page's search island (a prop, this language only). */
  articleSearch: {
    label: 'Szukaj w artykułach',
    placeholder: 'np. kopie zapasowe, dostępność, phishing',
    button: 'Szukaj',
    loading: 'Szukam…',
    tooShort: 'Wpisz co najmniej {count} znaki.',
    none: 'Brak artykułów dla „{query}”. Spróbuj innych słów.',
    found: 'Znaleziono {articles} dla „{query}”.',
    articles: { one: 'artykuł', few: 'artykuły', many: 'artykułów', other: 'artykułu' },
    busy: 'Za dużo wyszukiwań naraz. Spróbuj ponownie za chwilę.',
    failed: 'Wyszukiwanie jest chwilowo niedostępne.',
    otherLanguage: 'po angielsku',
  },
  /** The page a newsletter confirmation link opens. */
  newsletterConfirm: {
    title: 'Potwierdzenie zapisu na newsletter',
    ask: 'Potwierdź, że adres {email} ma dostawać newsletter: mniej więcej raz w miesiącu, a w każdym wydaniu jest link do wypisania się jednym kliknięciem.',
    button: 'Potwierdzam zapis',
    superseded: { heading: 'Ten link już nie działa', lead: 'Adres został wypisany już po wysłaniu tego linku, więc link nie zapisuje go ponownie i niczego nie zmieniliśmy. Jeśli chcesz znów dostawać newsletter, zapisz się ponownie, a wyślemy nowy link.' },
    confirmed: { heading: 'Zapis potwierdzony', lead: 'Adres {email} jest na liście newslettera. Wysłaliśmy też krótką wiadomość powitalną.', more: 'Każdy newsletter ma link do wypisania się jednym kliknięciem.' },
    invalid: { heading: 'Ten link nie działa', lead: 'Link potwierdzający jest niepełny albo zmieniony, więc niczego nie zmieniliśmy. Skopiuj go z wiadomości w całości albo zapisz się ponownie.' },
    expired: { heading: 'Link wygasł', lead: 'Link potwierdzający działa 7 dni i ten już wygasł, więc niczego nie zmieniliśmy. Zapisz się ponownie, a wyślemy nowy.' },
    unavailable: { heading: 'Chwilowy problem', lead: 'Nie udało się teraz zapisać adresu na listę. Otwórz link ponownie za kilka minut.' },
    off: { heading: 'Newsletter jest wyłączony', lead: 'Zapisy na newsletter są na tej stronie wyłączone.' },
    subscribe: 'Zapisz się ponownie',
    home: 'Strona główna',
  },
  /** The unsubscribe page. */
  newsletterUnsubscribe: {
    title: 'Wypisanie z newslettera',
    ask: 'Czy wypisać adres {email} z newslettera? Nie wyślemy na niego więcej newsletterów.',
    button: 'Wypisz mnie',
    done: 'Wypisano z newslettera',
    doneLead: 'Adres {email} nie dostanie więcej newsletterów.',
    doneLeadUnnamed: 'Jeśli ten adres był na liście, nie dostanie więcej newsletterów.',
    changed: 'Zmiana zdania? Możesz zapisać się ponownie w każdej chwili na stronie głównej.',
    formLead: 'Podaj adres, który chcesz wypisać z newslettera. Najszybciej działa link „Wypisz się” z dowolnego newslettera.',
    email: 'Adres e-mail',
    invalid: 'Ten link do wypisania jest niepełny albo zmieniony, więc niczego nie zmieniliśmy. Podaj adres poniżej.',
    expired: 'Ten link wygasł, więc niczego nie zmieniliśmy. Podaj adres poniżej.',
    emailProblem: 'Wpisz poprawny adres e-mail, np. anna@example.org.',
    unavailable: 'Nie udało się teraz wypisać adresu. Spróbuj ponownie za kilka minut.',
    off: 'Newsletter jest na tej stronie wyłączony: nie wysyłamy go na żaden adres.',
    rateLimited: 'Za dużo prób w krótkim czasie. Spróbuj ponownie za minutę.',
    home: 'Strona główna',
  },
  /** The page of a booking's link: move or cancel. */
  consultationCancel: {
    title: 'Zmiana lub odwołanie konsultacji',
    ask: 'Czy odwołać tę konsultację? Termin od razu zwolnimy dla innych, a potwierdzenie wyślemy e-mailem.',
    moveHeading: 'Przenieś na inny termin',
    moveLead: 'Wolne terminy w strefie {zone}. Nowy termin rezerwujemy i jednocześnie zwalniamy obecny; oba potwierdzimy e-mailem.',
    moveButton: 'Przenieś na wybrany termin',
    noSlots: 'Nie ma teraz wolnych terminów do wyboru. Możesz odwołać konsultację albo odpowiedzieć na mail z potwierdzeniem.',
    cancelHeading: 'Odwołaj konsultację',
    conflict: 'Ten termin zajął ktoś inny albo nie jest już dostępny, więc niczego nie zmieniliśmy: Twoja konsultacja zostaje w dotychczasowym terminie. Wybierz inny z aktualnych terminów poniżej.',
    moved: 'Konsultacja przeniesiona',
    movedLead: 'Przenieśliśmy konsultację i wysłaliśmy e-mailem nowe potwierdzenie z zaproszeniem do kalendarza (poprzedni termin został odwołany).',
    previous: 'Poprzedni termin',
    newWhen: 'Nowy termin',
    when: 'Termin',
    button: 'Odwołaj konsultację',
    done: 'Konsultacja odwołana',
    doneLead: 'Odwołaliśmy konsultację i wysłaliśmy potwierdzenie e-mailem.',
    cancelled: 'Ta konsultacja jest już odwołana: niczego nie zmieniliśmy.',
    past: 'Ta konsultacja już się odbyła albo właśnie trwa, więc nie można jej odwołać.',
    invalid: 'Ten link do odwołania jest niepełny albo zmieniony, więc niczego nie zmieniliśmy. Otwórz link z maila z potwierdzeniem albo odpowiedz na ten mail.',
    unknown: 'Nie znaleźliśmy tej rezerwacji. Jeśli chcesz odwołać spotkanie, odpowiedz na mail z potwierdzeniem.',
    unavailable: 'Nie udało się teraz odwołać konsultacji. Spróbuj ponownie za kilka minut albo odpowiedz na mail z potwierdzeniem.',
    rebookLead: 'Chcesz porozmawiać w innym terminie? Wybierz nowy na stronie konsultacji.',
    rebook: 'Wybierz nowy termin',
  },
  /** The chat panel (loaded when opened; its launcher gives it this language's namespace). Tool names come from the server. */
  chat: {
    title: 'Asystent strony',
    intro: 'Zapytaj o usługi, ceny, artykuły albo umów konsultację. Nic nie zostanie wysłane bez Twojego potwierdzenia.',
    close: 'Zamknij czat',
    input: 'Twoja wiadomość',
    send: 'Wyślij',
    stop: 'Zatrzymaj',
    retry: 'Spróbuj ponownie',
    contactLink: 'Przejdź do formularza kontaktowego',
    clear: 'Nowa rozmowa',
    you: 'Ty',
    assistant: 'Asystent',
    thinking: 'Asystent odpowiada…',
    working: '{tool}: sprawdzam…',
    confirmTitle: 'Potwierdź: {tool}',
    confirmText: 'Tak zostanie wysłane. Sprawdź dane przed potwierdzeniem.',
    confirm: 'Potwierdzam',
    cancel: 'Anuluj',
    confirmNeeded: 'Potrzebne Twoje potwierdzenie.',
    sending: 'Wysyłanie…',
    denied: 'Anulowano: nic nie zostało wysłane.',
    done: 'Gotowe',
    booked: 'Konsultacja zarezerwowana',
    bookingLink: 'Umów przez stronę rezerwacji',
    pickSlot: 'Wybierz termin:',
    pickMessage: 'Wybieram termin {label} (start: {start}).',
    alternatives: 'Wolne terminy obok:',
    noSlots: 'Brak wolnych terminów w tym okresie.',
    from: 'od',
    net: 'netto',
    gross: 'brutto',
    allPrices: 'Cały cennik',
    toolError: 'Nie udało się:',
    stopped: 'Zatrzymano odpowiedź.',
    errors: {
      daily_cap_reached: 'Asystent wyczerpał dzisiejszy limit rozmów. Wróć jutro po północy albo napisz do nas przez formularz kontaktowy.',
      rate_limited: 'Za dużo wiadomości w krótkim czasie. Odczekaj minutę i spróbuj ponownie.',
      service_unavailable: 'Asystent jest teraz niedostępny. Napisz do nas przez formularz kontaktowy.',
      validation_failed: 'Tej wiadomości nie da się wysłać (za długa albo rozmowa zbyt długa). Skróć ją lub zacznij nową rozmowę.',
      payload_too_large: 'Rozmowa jest zbyt długa. Zacznij nową rozmowę.',
      offline: 'Brak połączenia. Sprawdź internet i spróbuj ponownie.',
      other: 'Coś poszło nie tak. Spróbuj ponownie.',
    },
    fields: {
      name: 'Imię i nazwisko', fullName: 'Imię i nazwisko', email: 'E-mail', phone: 'Telefon', topic: 'Temat', message: 'Wiadomość',
      supportArea: 'Czego dotyczy', notes: 'Uwagi', start: 'Termin', timeZone: 'Strefa czasowa', consent: 'Zgoda', yes: 'tak',
    },
  },
  /** Words around an amount (src/server/base/money.ts) and how a price is billed. */
  money: { net: 'netto', gross: 'brutto', from: 'od', billing: { one_time: 'jednorazowo', monthly: 'miesięcznie', hourly: 'za godzinę' } },
  /** What the A2A agent answers when /ask finds nothing, or nothing certain. */
  a2a: { nothing: 'Nie znalazłem nic, co odpowiada na to pytanie.', unsure: 'Nic na stronie nie odpowiada na to pytanie na pewno; najbliższe strony:' },
  /** Words inside the JSON-LD of the pages. */
  structuredData: { country: 'Polska', contactType: 'obsługa klienta' },
  /** The /ask documents of the contact and consultation flows, and a price's billing in a result. */
  askFlows: {
    contact: 'Kontakt', consultation: 'Bezpłatna konsultacja', perMonth: '/ mies.', perHour: '/ godz.',
    contactSummary: 'Napisz przez formularz kontaktowy lub na {email}, zadzwoń: {phone} ({hours}).',
    consultationSummary: 'Bezpłatna rozmowa o potrzebach Twojej organizacji.',
  },
  /** The title of an /ask answer written by the language model. */
  askAnswer: { title: 'Odpowiedź asystenta strony' },
  /** The Markdown documents for agents: the twin of a record, and of a page that is not one. */
  markdown: {
    record: {
      source: 'Źródło', published: 'Opublikowano', updated: 'Zaktualizowano', tags: 'Tagi', author: 'Autor',
      deliverables: 'Co otrzymujesz', process: 'Jak pracujemy', duration: 'Typowy czas realizacji',
      priceFrom: 'Cena od', faq: 'Najczęstsze pytania', net: 'netto', gross: 'brutto', vat: 'VAT',
      item: 'Pakiet', description: 'Opis', billing: 'Rozliczenie', priceNet: 'Cena netto', priceGross: 'Cena brutto',
      client: 'Klient', size: 'Wielkość', services: 'Usługi', problem: 'Problem', work: 'Co zrobiliśmy', results: 'Wynik', quote: 'Słowami klienta', images: 'Ilustracje', cases: 'Realizacje z tą usługą',
      consultation: 'Konsultacja', minutes: 'min', free: 'bezpłatnie', pricesNote: 'Ceny w złotych (PLN), netto i brutto z VAT {vat}.',
    },
    page: {
      start: 'Jak zacząć', services: 'Usługi', latest: 'Najnowsze artykuły', duration: 'czas realizacji', topics: 'Tematy',
      pages: 'Strony', page: 'Strona', facts: 'Dane kontaktowe', form: 'Formularz kontaktowy',
      formNote: 'Formularz na stronie wysyła wiadomość przez `POST {url}` (pola: name, email, topic?, message, locale).',
      booking: 'Rezerwacja', bookingNote: 'Wolne terminy: `GET {slots}`; rezerwacja wybranego terminu: `POST {book}` (po potwierdzeniu przez osobę, która się umawia).',
      work: 'Wybrane realizacje',
      fallback: 'Gdy terminy nie są dostępne online', price: 'Cena', free: 'bezpłatnie', minutes: 'minut',
    },
  },
  /** The word over the title in a page's social image. */
  imageKinds: { home: 'Pracownia', services: 'Usługi', service: 'Usługa', articles: 'Artykuły', tag: 'Temat', article: 'Artykuł', pricing: 'Cennik', contact: 'Kontakt', consultation: 'Konsultacja', page: 'Informacje', caseStudies: 'Realizacje', case_study: 'Realizacja' },
  /** What each OAuth scope allows (the consent page lists it). */
  scopes: {
    'newsletter:subscribe': 'Zapisywanie adresu do newslettera.',
    'newsletter:unsubscribe': 'Wypisywanie adresu z newslettera.',
    'mcp:read': 'Narzędzia MCP tylko do odczytu (artykuły, usługi, cennik, wolne terminy).',
    'mcp:tools:inquiry': 'Narzędzia MCP, które wysyłają wiadomość, zapytanie lub zmieniają zapis do newslettera.',
    'mcp:tools:booking': 'Narzędzia MCP, które rezerwują konsultację.',
    'ask:query': 'Pytania w języku naturalnym do /ask.',
  },
  /** The OAuth consent page and the page of an authorization error that must not be redirected. */
  consent: {
    title: 'Zgoda na dostęp',
    lead: 'Aplikacja <strong>{client}</strong> prosi o dostęp do usług strony w Twoim imieniu.',
    scopes: 'Będzie mogła:',
    redirect: 'Po decyzji wrócisz do:',
    allow: 'Zezwól',
    deny: 'Odmów',
    note: 'Dostęp wygasa po godzinie; aplikacja może go odnawiać, dopóki korzysta z niego co najmniej raz na 30 dni.',
    detail: 'Szczegóły techniczne:',
    unnamed: 'Aplikacja bez nazwy',
    errorTitle: 'Nie można kontynuować',
    errorLead: 'Żądanie autoryzacji jest nieprawidłowe, więc nie odsyłamy Cię do aplikacji.',
    back: 'Strona główna',
  },
  /** The MCP Apps views; each view's script receives both languages and follows the host's. */
  mcpViews: {
    booking: {
      title: 'Bezpłatna konsultacja', pick: 'Wybierz termin:', chosen: 'Wybrany termin:', fullName: 'Imię i nazwisko',
      email: 'E-mail', phone: 'Telefon (opcjonalnie)', notes: 'O czym chcesz porozmawiać? (opcjonalnie)',
      confirm: 'Potwierdź rezerwację', loading: 'Szukam wolnych terminów…', booking: 'Rezerwuję…',
      linkOnly: 'Rezerwacja online jest niedostępna. Umów termin tutaj:', none: 'Brak wolnych terminów w tym okresie.',
      invalid: 'Podaj imię i nazwisko (min. 3 znaki) i poprawny e-mail.',
    },
    inquiry: {
      title: 'Zapytanie o usługę', fullName: 'Imię i nazwisko', email: 'E-mail', phone: 'Telefon (opcjonalnie)',
      supportArea: 'Czego dotyczy zapytanie?', supportAreaPlaceholder: 'np. strona internetowa, wsparcie IT',
      notes: 'Szczegóły (opcjonalnie)', notesPlaceholder: 'Cele, termin, budżet…', send: 'Wyślij zapytanie',
      sending: 'Wysyłanie…', invalid: 'Uzupełnij imię i nazwisko (min. 3 znaki), e-mail i obszar (min. 3 znaki).',
    },
  },
  /** What booking a consultation answers (the tools, the REST API, the booking form). */
  scheduling: {
    linkOnly: 'Wolne terminy nie są teraz dostępne online; umów konsultację przez link: {url}',
    lookupFailed: 'Nie udało się pobrać wolnych terminów; umów konsultację przez link.',
    booked: 'Konsultacja zarezerwowana: {when}. {where} Potwierdzenie z zaproszeniem do kalendarza wysłaliśmy e-mailem.',
    bookedCalcom: 'Konsultacja zarezerwowana: {when}. Potwierdzenie z miejscem spotkania przyjdzie e-mailem.',
    bookedWithoutMail: 'Konsultacja zarezerwowana: {when}. {where} Nie udało się wysłać potwierdzenia e-mailem; odezwiemy się do Ciebie.',
    /** Where the consultation takes place (CONSULTATION_LOCATION), said once in the booking's answer. */
    place: {
      video: 'Rozmawiamy online: link do spotkania ({url}) jest też w zaproszeniu.',
      address: 'Spotykamy się osobiście pod adresem: {address} (adres jest też w zaproszeniu).',
      phone: 'Zadzwonimy na numer podany w formularzu.',
      phoneMissing: 'Zadzwonimy do Ciebie: odpowiedz na e-mail z potwierdzeniem, podając numer telefonu.',
    },
    taken: 'Ten termin został już zarezerwowany. Wybierz inny z podanych wolnych terminów.',
    past: 'Ten termin już minął albo jest za blisko, by go zarezerwować. Wybierz jeden z podanych wolnych terminów.',
    notASlot: 'Ta godzina nie jest terminem konsultacji. Wybierz jeden z terminów zwróconych przez wyszukiwanie wolnych terminów.',
  },
  /** The mails a visitor gets (plain text; the HTML of a newsletter mail is made from the same text). */
  mail: {
    /** Nazwa nadawcy maili po polsku (adres to MAIL_FROM). */
    sender: 'Strona {business}',
    greeting: 'Dzień dobry,',
    when: 'Termin',
    booking: {
      subject: 'Potwierdzenie konsultacji: {label}',
      ownerSubject: 'Nowa konsultacja: {name}, {label}',
      summary: 'Konsultacja',
      confirmed: 'dziękujemy za rezerwację. Potwierdzamy bezpłatną konsultację.',
      length: 'Czas trwania',
      minutes: '{count} min',
      where: 'Gdzie',
      place: {
        video: 'rozmowa online, link do spotkania: {url}',
        address: 'spotkanie osobiste pod adresem: {address}',
        phone: 'rozmowa telefoniczna, zadzwonimy na numer podany przy rezerwacji',
        phoneMissing: 'rozmowa telefoniczna; odpowiedz na tę wiadomość, podając numer, pod który mamy zadzwonić',
      },
      /** The invitation's LOCATION of a phone call, with the number in the owner's copy. */
      phoneNumber: 'Telefon: {number}',
      phoneCall: 'Rozmowa telefoniczna',
      invitation: 'Zaproszenie do kalendarza jest w załączniku.',
      change: 'Jeśli chcesz zmienić termin albo odwołać spotkanie, po prostu odpowiedz na tę wiadomość.',
      cancel: 'Aby odwołać spotkanie, otwórz ten link: {url}',
      reschedule: 'Aby zmienić termin, odwołaj spotkanie i wybierz nowy na stronie {url} (albo odpowiedz na tę wiadomość).',
      closing: 'Do usłyszenia',
      description: 'Bezpłatna konsultacja. Aby zmienić termin albo odwołać spotkanie, odpowiedz na e-mail z potwierdzeniem.',
      notMe: 'Jeśli to nie Ty rezerwujesz, odpowiedz na tę wiadomość, a odwołamy spotkanie.',
    },
    cancellation: {
      subject: 'Konsultacja odwołana: {label}',
      byVisitor: 'zgodnie z Twoją prośbą odwołaliśmy konsultację.',
      byOwner: 'niestety musimy odwołać umówioną konsultację. Przepraszamy za kłopot.',
      rebook: 'Nowy termin możesz wybrać na stronie {url}',
      closing: 'Pozdrawiamy',
      summary: 'Konsultacja (odwołana)',
    },
    newsletter: {
      confirmSubject: 'Potwierdź zapis na newsletter — {business}',
      confirmBody: 'Dzień dobry,\n\nktoś (mamy nadzieję, że Ty) zapisał ten adres na nasz newsletter ({business}).\nAby potwierdzić zapis, otwórz link:\n\n{link}\n\nLink działa przez 7 dni. Jeśli to nie Ty, zignoruj tę wiadomość: bez potwierdzenia nie wyślemy nic więcej, a adres zapomnimy po 7 dniach.',
      noticeSubject: 'Wypisano Cię z newslettera — {business}',
      noticeBody: 'Dzień dobry,\n\nten adres został właśnie wypisany z naszego newslettera ({business}) na naszej stronie: ktoś podał sam adres, bez linku z naszej wiadomości. Nie wyślemy na niego więcej newsletterów.\n\nJeśli to Ty, nie musisz nic robić. Jeśli to nie Ty albo zmienisz zdanie, otwórz link i potwierdź, aby zapisać się ponownie:\n\n{link}\n\nLink działa przez 7 dni.',
      welcomeSubject: 'Witamy w newsletterze — {business}',
      welcomeBody: 'Dzień dobry,\n\nzapis potwierdzony: raz w miesiącu wyślemy Ci praktyczne porady o stronach, IT i automatyzacji.\nKażda wiadomość ma link do wypisania się jednym kliknięciem.',
      footer: 'Nie chcesz dostawać tych wiadomości? Wypisz się: {link}',
      closing: 'Pozdrawiamy',
    },
  },
  /** The tools: a person sees the label (chat, WebMCP), an agent reads the description; then what a call answers. */
  tools: {
    articles_recommend: {
      label: 'Polecane artykuły',
      description:
        'Wyszukuje artykuły z tej strony (projektowanie stron, wsparcie IT, kopie zapasowe, automatyzacja dla organizacji pozarządowych i małych firm) pasujące do pytania lub tematu. ' +
        'Podaj `query` (temat słowami rozmówcy) i/lub `tags`; bez żadnego z nich dostaniesz najnowsze artykuły. ' +
        'Zwraca tytuł, streszczenie, adres strony i adres wersji Markdown, którą można pobrać, by przeczytać cały tekst. Tylko odczyt.',
      none: 'Nie znaleziono pasujących artykułów.',
    },
    case_studies_list: {
      label: 'Realizacje',
      description:
        'Wymienia realizacje pracowni, od najnowszej: klienta (rodzaj, wielkość, sektor), wynik w liczbach, użyte usługi i adres strony. ' +
        'Można zawęzić do usługi (slug z services_list) albo sektora (ngo, business, education). Użyj, gdy ktoś pyta, co pracownia już zrobiła, albo prosi o przykłady. Tylko odczyt.',
      none: 'Brak realizacji spełniających te warunki.',
    },
    case_study_get: {
      label: 'Realizacja',
      description:
        'Zwraca jedną realizację w całości: klienta, problem, co zrobiliśmy, wynik w liczbach, cytat klienta z podpisem, ' +
        'ilustracje z opisem alternatywnym, użyte usługi i opis w Markdown. Wymaga sluga z case_studies_list. Tylko odczyt.',
    },
    consultation_availability: {
      label: 'Wolne terminy konsultacji',
      description:
        'Krok 1 rezerwacji bezpłatnej, 30-minutowej konsultacji. Zwraca wolne terminy (`start`, `label`, `date`) w wybranym przedziale: opcjonalnie `timeZone` ' +
        '(strefa IANA, domyślnie Europe/Warsaw), `start`/`end` (daty RRRR-MM-DD, domyślnie najbliższe 14 dni), `limit` (1–30, domyślnie 12) i `locale`. ' +
        'Pokaż terminy rozmówcy, pozwól mu wybrać jeden i potwierdzić imię i nazwisko oraz e-mail, a potem wywołaj consultation_book ze `start` wybranego terminu. ' +
        'Gdy `mode` ma wartość "link_only", terminów online nie ma: podaj rozmówcy `bookingUrl`. Tylko odczyt.',
      linkOnly: 'Brak wolnych terminów online. Umów konsultację przez link: {url}',
      slots: 'Wolne terminy ({timeZone}):',
    },
    consultation_book: {
      label: 'Rezerwacja konsultacji',
      description:
        'Krok 2 rezerwacji: rezerwuje termin, który rozmówca wybrał z wyników consultation_availability i potwierdził. Wymaga `fullName` (co najmniej 3 znaki), ' +
        '`email`, `timeZone` (strefa IANA) i `start` (`start` wybranego terminu, data i godzina w ISO 8601); `phone`, `notes` i `locale` są opcjonalne. ' +
        'Nigdy nie wymyślaj terminu. Wyniki (`mode`): "booked" (potwierdzenie wysłane e-mailem), "slot_unavailable" (błąd narzędzia z listą `alternatives`: ' +
        'zaproponuj je i zapytaj ponownie), "link_only" (rezerwacja online jest wyłączona: podaj rozmówcy `bookingUrl`). ' +
        'Adres (lub klient), który ma już dozwoloną liczbę nadchodzących konsultacji, dostaje błąd narzędzia booking_limit_reached: nie ponawiaj.',
    },
    contact_submit: {
      label: 'Wiadomość kontaktowa',
      description:
        'Wysyła e-mailem wiadomość do właściciela strony, tak jak formularz kontaktowy; odpowiedź trafi na adres `email`. ' +
        'Wymaga `name` (co najmniej 2 znaki), `email` i `message` (co najmniej 10 znaków); `topic` i `locale` są opcjonalne. ' +
        'Ustaw `listConsent: true` tylko wtedy, gdy rozmówca zgodził się na zachowanie adresu na liście kontaktów (segment Kontakt); inaczej pomiń to pole. ' +
        'Zbierz te dane od rozmówcy i potwierdź je przed wysłaniem. Prośbę o wycenę lub projekt lepiej wysłać przez service_inquiry_submit.',
      sent: 'Wiadomość wysłana. Odpowiemy na podany adres e-mail.',
    },
    newsletter_subscribe: {
      label: 'Zapis do newslettera',
      description:
        'Zapisuje adres e-mail do newslettera. Wymaga `email` i `consent: true`, które wolno wysłać dopiero wtedy, gdy rozmówca ' +
        'wyraźnie zgodził się na otrzymywanie newslettera; `locale` (pl lub en) wybiera jego język. Przy podwójnym potwierdzeniu (domyślnie) ' +
        'rozmówca dostaje e-mail z linkiem i trafia na listę dopiero po jego kliknięciu. Ponowny zapis niczego nie zmienia.',
      pending: 'Wysłaliśmy e-mail z linkiem potwierdzającym; adres trafi na listę po kliknięciu linku.',
      pendingUndelivered: 'Ta strona nie wysyła jeszcze e-maili, więc link potwierdzający nie wyszedł; adres trafi na listę dopiero po potwierdzeniu.',
      subscribed: 'Adres zapisany do newslettera.',
    },
    newsletter_unsubscribe: {
      label: 'Wypisanie z newslettera',
      description:
        'Wypisuje adres e-mail z newslettera. Wymaga `email`. Adres, którego nie było na liście, nie jest błędem ' +
        '(nie ujawniamy, kto jest zapisany). Wypisany w ten sposób subskrybent dostaje e-mail z powiadomieniem i linkiem do ponownego zapisu. Najpierw potwierdź adres z rozmówcą.',
    },
    pricing_get: {
      label: 'Cennik',
      description:
        'Zwraca cennik w PLN: każdą pozycję z ceną netto i brutto (brutto zawiera VAT), sposobem rozliczenia (one_time — jednorazowo, monthly — co miesiąc, hourly — za godzinę) ' +
        'i informacją, czy to cena początkowa („od”), a także bezpłatną konsultację i link do jej rezerwacji. Nie wymaga żadnych argumentów. Tylko odczyt.',
    },
    service_inquiry_submit: {
      label: 'Zapytanie o usługę',
      description:
        'Wysyła zespołowi e-mailem zapytanie o usługę (strona internetowa, wsparcie IT, automatyzacja, …); odpowiadamy w ciągu jednego dnia roboczego. ' +
        'Wymaga `fullName` (co najmniej 3 znaki), `email` i `supportArea` (co najmniej 3 znaki: czego dotyczy zapytanie); `phone` i `notes` są opcjonalne. ' +
        'Zbierz dane od rozmówcy i potwierdź je przed wywołaniem. Zwraca numer zgłoszenia, na który można się powołać.',
      sent: 'Zapytanie wysłane (numer {reference}). Odpowiemy w ciągu jednego dnia roboczego.',
    },
    services_list: {
      label: 'Usługi',
      description:
        'Wymienia oferowane usługi (projektowanie stron, wsparcie IT, automatyzacja, …) ze streszczeniem, typowym czasem realizacji, tym, co klient otrzymuje, ' +
        'najniższą ceną netto w PLN i adresem strony. Użyj przed zaproponowaniem usługi lub wysłaniem zapytania. Tylko odczyt.',
    },
  },
  chatLauncher: { label: 'Zapytaj asystenta' },
} as const;
