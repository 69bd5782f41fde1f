import { describe, expect, it } from 'vitest';
import { detectIntents, wantsProvider } from '../../src/server/ask/intent';
import { fold, normalizeTerm, stem, termsOf, withoutVerbPrefix } from '../../src/server/ask/normalize';

describe('/ask normalisation', () => {
  it('folds case and Polish diacritics', () => {
    expect(fold('ZAŻÓŁĆ Gęślą Jaźń')).toBe('zazolc gesla jazn');
    expect(fold('Café')).toBe('cafe');
  });

  it('drops stop words in both languages', () => {
    expect(normalizeTerm('się')).toBeNull();
    expect(normalizeTerm('the')).toBeNull();
    expect(termsOf('jak się z wami skontaktować')).toEqual(['skontakt']);
  });

  it('offers a Polish perfective verb without its prefix, so it can meet the noun', () => {
    expect(withoutVerbPrefix('zautomatyzujecie')).toContain('automatyzujecie');
    expect(withoutVerbPrefix('zautomatyzowanie').flatMap((word) => termsOf(word))).toContain(termsOf('automatyzacja')[0]);
    expect(withoutVerbPrefix('przeanalizować')).toContain('analizowac');
    // A remainder shorter than five letters is no word to look for.
    expect(withoutVerbPrefix('sklep')).toEqual([]);
  });

  it('keeps a stop word written in capitals as the acronym it is', () => {
    expect(termsOf('abonament IT')).toContain('it');
    expect(termsOf('is it slow')).not.toContain('it');
  });

  it('gives inflected Polish forms one stem', () => {
    expect(termsOf('strony internetowej')).toEqual(termsOf('strona internetowa'));
    expect(termsOf('stronę internetową')).toEqual(termsOf('strona internetowa'));
    expect(termsOf('kopii zapasowych')).toEqual(termsOf('kopie zapasowe'));
    expect(termsOf('kopiach zapasowych')).toEqual(termsOf('kopia zapasowa'));
    expect(termsOf('automatyzacji')).toEqual(termsOf('automatyzacja'));
    expect(termsOf('dostępności')).toEqual(termsOf('dostępność'));
    expect(termsOf('kosztów')).toEqual(termsOf('koszt'));
    expect(termsOf('usług')).toEqual(termsOf('usługi'));
  });

  it('strips Polish case endings from English loanwords', () => {
    expect(stem('phishingu')).toBe(stem('phishing'));
  });

  it('gives English inflections one stem', () => {
    expect(termsOf('backups')).toEqual(termsOf('backup'));
    expect(termsOf('automated automating automation')).toEqual(['automat', 'automat', 'automat']);
    expect(termsOf('websites')).toEqual(termsOf('website'));
    expect(termsOf('accessibility')).toEqual(termsOf('accessible'));
    expect(termsOf('passwords managers')).toEqual(termsOf('password manager'));
  });

  it('also indexes "website" and "webpage" under "web", as people write them apart', () => {
    expect(termsOf('Websites')).toEqual(['websit', 'web']);
    expect(termsOf('web design')).toContain('web');
  });

  it('keeps words that are not inflected alone', () => {
    expect(stem('access')).toBe('access');
    expect(stem('wcag')).toBe('wcag');
    expect(stem('m365')).toBe('m365');
  });
});

describe('/ask intent', () => {
  it.each([
    ['jak się z wami skontaktować', 'contact'],
    ['napisz do nas', 'contact'],
    ['how can I contact you', 'contact'],
    ['get in touch', 'contact'],
    ['book a call', 'consultation'],
    ['chcę umówić rozmowę', 'consultation'],
    ['bezpłatna konsultacja', 'consultation'],
    ['schedule a meeting', 'consultation'],
    ['ile to kosztuje', 'pricing'],
    ['ile kosztuje strona internetowa', 'pricing'],
    ['how much does it cost', 'pricing'],
    ['website prices', 'pricing'],
    ['ile bierzecie za stronę', 'pricing'],
    ['zadzwońcie do mnie', 'contact'],
    ['chciałbym porozmawiać o projekcie', 'consultation'],
    ['umówić rozmowę telefoniczną', 'consultation'],
    ['gdzie jest wasza siedziba', 'contact'],
    ['gdzie macie biuro', 'contact'],
    ['podajcie adres e-mail do biura', 'contact'],
    ['can I ring you tomorrow', 'contact'],
    ['pogadajmy na wideo o stronie', 'consultation'],
    ['could we hop on a quick call', 'consultation'],
    ['ile policzycie za zmianę logo', 'pricing'],
    ['ile by wyniosła opieka nad stroną', 'pricing'],
    ['do you have a lower rate for charities', 'pricing'],
    ['czy stowarzyszenie dostanie zniżkę', 'pricing'],
    ['za ile zrobicie sklep', 'pricing'],
    ['ile to wyjdzie miesięcznie', 'pricing'],
    ['płacimy z góry czy po odbiorze', 'pricing'],
    ['are the amounts without tax', 'pricing'],
    ['jaki macie adres e-mail', 'contact'],
    ['o której godzinie można do was dzwonić', 'contact'],
    ['chcemy porozmawiać bez zobowiązań', 'consultation'],
    ['do you offer a no-cost call', 'consultation'],
    ['can somebody advise us without paying', 'consultation'],
    ['W jakich godzinach ktoś odbiera telefon?', 'contact'],
    ['w waszej fakturze jest błąd, gdzie to zgłosić', 'contact'],
    ['najtańsza strona u was', 'pricing'],
    ['jak rozliczylibyście drobną poprawkę', 'pricing'],
    ['ile kosztuje u was strona z formularzem darowizn', 'pricing'],
    ['ile liczycie za godzinę', 'pricing'],
    ['what budget do we need for an accessibility check', 'pricing'],
    ['Czy w sobotę ktoś u was odbierze telefon?', 'contact'],
    ['Which email address should I send our brief to?', 'contact'],
    ['contact details', 'contact'],
    ['czy pełny audyt jest dużo droższy?', 'pricing'],
    ['can we talk to someone for half an hour first?', 'consultation'],
    ['pogadać pół godziny przez telefon', 'consultation'],
    ['some advice without committing to anything', 'consultation'],
    ['is there a form to send you a message', 'contact'],
    ['is there a free first conversation', 'consultation'],
    ['nie wiemy nawet, czego potrzebujemy', 'consultation'],
    ['Ile weźmiecie za przeniesienie poczty?', 'pricing'],
    ['can we discuss it first without paying anything?', 'consultation'],
    ['chcielibyśmy z kimś przegadać, czego potrzebujemy', 'consultation'],
    ['can I call on saturday', 'contact'],
    ['who can I reach by phone until 6', 'contact'],
    ['chcę znać widełki za stronę', 'pricing'],
    ['what would we pay for an analysis', 'pricing'],
    ['dopłacamy za każdą dodatkową osobę? Ile?', 'pricing'],
    ['ile kosztuje przeniesienie poczty do Google', 'pricing'],
    ['Czy można do was wpaść osobiście?', 'contact'],
    ['czy w sobotę można się do was dodzwonić', 'contact'],
    ['jak inaczej mogę się z wami porozumieć?', 'contact'],
    ['Jesteśmy niezadowoleni ze strony, z kim o tym porozmawiać?', 'contact'],
    ['i want to complain about the work done, who do I write to', 'contact'],
    ['something is wrong on the invoice you sent us, whom should I tell?', 'contact'],
    ['Zanim cokolwiek podpiszemy, chcielibyśmy usłyszeć wasze zdanie', 'consultation'],
    ['to u was wydatek rzędu kilkunastu tysięcy?', 'pricing'],
    ['Ile trzeba przeznaczyć na audyt?', 'pricing'],
    ['do you send one invoice at the end or split it?', 'pricing'],
    ['ile mam dni na opłacenie faktury i jak się z wami rozliczamy', 'pricing'],
    ['ile trzeba zarezerwować w budżecie na stronę', 'pricing'],
    ['are you open on saturdays?', 'contact'],
    ['proszę o adres, chcę porozmawiać na miejscu', 'contact'],
    ['ile kosztuje przeniesienie poczty do Microsoft 365', 'pricing'],
    ['licencję opłacamy my czy wy? i ile bierzecie za ustawienie?', 'pricing'],
    ['Ile musiałbym wyłożyć na nową witrynę?', 'pricing'],
  ])('reads "%s" as %s', (question, intent) => {
    expect(detectIntents(question)[0]).toBe(intent);
  });

  it.each(['how to spot a phishing email', 'automatyzacja formularzy a RODO', 'kopie zapasowe', 'site speed', 'conversion rate of a donation page', 'formularz zgłoszeniowy', 'gdzie trzymać dokumenty w biurze', 'jak zmienić numer telefonu na stronie', 'charging stations for laptops', 'z góry dziękuję za pomoc z kopią zapasową', 'the grant paying for our website ends', 'a fake invoice from the boss', 'płatności online na stronie darowizn', 'payment operator for donations', 'a bakery site with opening hours and a map', 'szukam firmy, która przejmie nasze komputery za stałą opłatą', 'looking for a company to look after our laptops for a monthly fee', 'we need a new phone number on our website', 'zapisy na spotkania członkowskie', 'Microsoft 365 za darmo dla fundacji, jak dostać licencje', 'SMS: paczka czeka, trzeba dopłacić 2 zł', 'supporters giving 20 zł a month through our site', 'darczyńcy chcą nas wspierać stałą kwotą', 'Webflow: ile to wychodzi miesięcznie?', 'ile kosztuje firmowy menedżer haseł na osobę', 'how much should we budget for external drives and cloud storage', 'przeniesienie kalendarzy i kontaktów', 'bitwarden czy 1password i ile to kosztuje na głowę', 'are hardware security keys expensive?', 'ile prowizji pobierają bramki płatnicze od datków', 'which platform has the lowest running costs after the grant?', 'how many weeks from the first call until our site is online', 'after launch can we post news or do we have to ring you every time', 'płacimy pełną cenę za Office, są jakieś ulgi dla organizacji?', 'what would the free charity version of gmail cost us extra', 'jak zgłosić podejrzany mail', 'where do I report a phishing email', 'a club site where parents can contact coaches'])(
    'finds no flow in the topic question "%s"',
    (question) => {
      expect(detectIntents(question)).toEqual([]);
    },
  );
});

describe('asking for someone to do the work', () => {
  it.each(['potrzebujemy firmy do obsługi komputerów', 'sprawdźcie nam stronę pod kątem WCAG', 'szukamy kogoś do migracji poczty', 'zlecenie audytu dostępnosci', 'we need help moving our files to the cloud', 'can you check our website for accessibility', 'looking for an IT support company', 'do you offer managed backups', 'robicie strony dla stowarzyszeń?', 'zajmiecie się naszą pocztą?', 'could your team prepare an accessibility report', 'kto nam zbada dostępność sklepu', 'szukamy kogoś, kto zrobi nową stronę', 'nobody in-house knows how to fix it', 'a firm to look after our laptops', 'czy mogliby Państwo przejąć naszą pocztę', 'chcemy, żeby ktoś nam ustawił raporty', 'zróbcie to za nas', 'I would pay someone to sort our files', 'can you set it up for us', 'Czy Państwo przygotowują raporty dostępności?', 'Czy pomogą nam Państwo przenieść pocztę?', 'Czy zajmują się Państwo stronami?', 'who can we call when the wifi dies', 'moving our mail to the cloud - you do this?', 'a new site for our club, is that something you take on?', 'Zróbcie nam nową stronę', 'Chcielibyśmy zamówić stronę dla hostelu', "I'd love for you to redo our website", 'ktoś mógłby nas z tego wyręczyć?', 'szukamy, kto by nam to zrobił', 'do you also fix the problems?', 'zróbcie nam stronę', 'need accessibility compliance report done', 'consultant to automate office paperwork', 'handing our IT to an outside firm', 'is that something you build?', 'do you test with screen readers?', 'does your accessibility review cover PDFs?', 'please review our e-shop against the accessibility act', 'czy zajmujecie się przenosinami kalendarzy i kontaktów?', 'czy ktoś może nam to poukładać?', 'Is it possible to have you as our external IT department?', 'who could put together a site for our project?', 'is there a company that can fix our laptops?', 'ktoś do naprawiania komputerów', 'nobody knows how to switch the mail over'])(
    'reads "%s" as a request for a service',
    (question) => expect(wantsProvider(question)).toBe(true),
  );

  it.each(['jak zrobić kopię zapasową', 'jak sprawdzić dostępność strony', 'dlaczego warto mieć MFA', 'what is a phishing email', 'kopie zapasowe', 'site speed', 'why is our website slow', 'a volunteer clicked a weird link and typed her password, what now', 'kliknęłam w link z maila, co teraz', 'na co uważać w ofercie agencji', 'We have Forms and Outlook. How do I set it up so replies go out?', 'wynik w raporcie PageSpeed przy małym budżecie', 'odejście pracownika', 'zdjęcie na stronie głównej'])(
    'reads "%s" as a question to answer, not a request',
    (question) => expect(wantsProvider(question)).toBe(false),
  );
});
