/**
 * Search words of the /ask documents that no content file carries: the pricing page and its
 * sections, and the contact and consultation flows. Data for the ranking, per language, not
 * interface strings.
 */
export const flowKeywords = {
  pricing: {
    pl: 'cena ceny cennik lista cen koszt koszty kosztuje ile kosztuje ile to kosztuje stawka opłata wycena złotych zł abonament miesięcznie budżet',
    en: 'price prices pricing price list rate card cost costs how much does it cost fee fees rate quote PLN monthly subscription budget',
  },
  // How prices are stated: the pricing page explains it, so these words lead there, not to a section.
  priceTerms: { pl: 'netto brutto VAT', en: 'net gross VAT' },
  contact: {
    pl: 'kontakt skontaktować kontaktowy formularz kontaktowy napisz napisać do nas wiadomość e-mail adres telefon zadzwoń zadzwonić numer biuro godziny pytanie zapytanie odpowiedź',
    en: 'contact contact us get in touch reach write to us message email e-mail address phone telephone call us number office hours question enquiry inquiry reply',
  },
  consultation: {
    pl: 'konsultacja konsultacje bezpłatna darmowa umówić umów rozmowa rozmowę spotkanie termin rezerwacja zarezerwować kalendarz wideo online porada doradztwo 30 minut',
    en: 'consultation free book a call schedule call meeting appointment slot calendar video online advice discovery call talk 30 minutes',
  },
  // The pages that list (src/server/ask/listing-documents.ts): what a visitor calls the whole list, and the sign-up.
  listings: {
    articles: {
      pl: 'artykuły wszystkie artykuły lista artykułów blog wpisy archiwum',
      en: 'articles all articles list of articles blog blog posts posts archive',
    },
    caseStudies: {
      pl: 'realizacje wszystkie realizacje portfolio studia przypadków',
      en: 'case studies all case studies portfolio',
    },
    newsletter: {
      pl: 'newsletter zapisać się zapis subskrypcja subskrybować biuletyn lista mailingowa porady e-mailem raz w miesiącu',
      en: 'newsletter subscribe sign up subscription mailing list email list tips by email once a month',
    },
  },
} as const;
