/**
 * The intent rules of /ask, as named data: each pattern has a stable id, so that
 * scripts/ask/ablation.mjs can switch it off and report what it adds to the relevance figures, and
 * one that adds nothing can go. Patterns run on the folded question (lowercase, no diacritics, chat
 * shorthand spelled out, typos in the patterns' own words corrected), in both languages whatever the
 * asked locale. Each names a concept (a price asked, someone else's price, a request, the firm at
 * work), not one phrasing; tests/unit/ask-normalize.test.ts holds questions that must and must not
 * read as each intent. How they combine: intent.ts.
 */

export interface IntentRule {
  /** Stable name: `<kind>.<what it reads>`. */
  readonly id: string;
  readonly pattern: RegExp;
}

export type IntentRules = Readonly<Record<keyof typeof intentRules, readonly IntentRule[]>>;

export const intentRules = {
  /** Consultation: an explicit booking or a free talk. */
  consultation: [
    { id: 'consultation.pl-konsultacja', pattern: /\bkonsultac/ },
    { id: 'consultation.pl-book-talk', pattern: /\b(umow|umowi|zarezerw|rezerwac|zaplanow)\w*\b.*\b(rozmow|spotkan|termin|konsultac|call|wideo|video)/ },
    { id: 'consultation.pl-free-talk', pattern: /\b(darmow|bezplatn)\w* (rozmow|konsultac|porad)/ },
    { id: 'consultation.en-consultation', pattern: /\bconsult(ation|ing call)?s?\b/ },
    { id: 'consultation.en-book-call', pattern: /\b(book|schedule|arrange|set up|plan)\b.*\b(call|meeting|consultation|appointment|session|slot|chat|demo)\b/ },
    // Talking before deciding or buying: the free consultation.
    { id: 'consultation.pl-before-signing-talk', pattern: /\bzanim (cokolwiek )?(podpisz|zdecyduj|zamow|zleci)\w*\b.*\b(zdanie|opini|porozmawia|pogada|przegada|doradz|rozmow)/ },
    // The consultation's own length: half an hour of talk.
    { id: 'consultation.half-hour-talk', pattern: /\b(talk|speak|chat|call|meeting|rozmow|pogada|porozmawia)\w*\b.*\b(half an hour|30 min\w*|pol godziny)\b|\b(half an hour|30 min\w*|pol godziny)\b.*\b(talk|speak|chat|call|rozmow|pogada|porozmawia)/ },
    { id: 'consultation.en-intro-call', pattern: /\b(discovery|intro|introductory|free|no-cost|no cost|quick|short|video|zoom|teams|online) (first )?(call|meeting|session|chat|conversation)\b/ },
    { id: 'consultation.advice-for-free', pattern: /\b(advise|advice|discuss|talk|doradz|porad|przegada|omowi)\w*\b.*\b(without paying|for free|free of charge|no cost|bez placenia|za darmo|bezplatn)/ },
    // Advice without commitment is the free consultation, whatever it is called.
    { id: 'consultation.pl-advice-no-obligation', pattern: /\b(doradz|porad|rozmow|pogada|spotka)\w*\b.*\bbez (zobowiazan|zadnych zobowiazan)/ },
    { id: 'consultation.en-talk-no-obligation', pattern: /\b(chat|call|talk|meeting|advice|session|discuss)\b.*\b(no[- ]strings|no[- ]obligation|without (any )?(obligation|charge|cost)|without committing|no commitment|free of charge|at no cost)\b/ },
  ],
  /** Contact: our number, address, hours, a complaint about something of ours. Strict on purpose: "phishing email" or "form automation" are article topics, not requests to write to us. */
  contact: [
    // ("kontaktów" alone is an address book's contacts, not contacting us.)
    { id: 'contact.pl-kontakt', pattern: /\b(s?kontaktowa\w*|kontakt\b|kontaktu\b|kontakcie\b|zadzwon|dodzwoni|formularz kontaktow)/ },
    // Visiting, another way to reach us, a complaint.
    { id: 'contact.pl-visit-or-reach-you', pattern: /\b(wpasc|przyjsc|przyjechac|podjechac|odwiedzic|zajrzec) (do was|do biura|osobiscie)|\bz wami (porozumiec|skontaktowac|polaczyc)|\b(porozumiec|polaczyc) sie z wami/ },
    { id: 'contact.complaint', pattern: /\b(jestesmy|jestem) niezadowolen|\b(i|we) (want|would like|'d like|wish) to complain\b|\binvoice you sent\b|\b(whom|who) (should|do|can) (i|we) (tell|write to|complain to)\b/ },
    { id: 'contact.pl-write-to-you', pattern: /\b(napisz|napisac|pisac|wyslac wiadomosc|dzwonic) (do|na) (was|wami|nas|biuro|firm)/ },
    { id: 'contact.pl-which-number', pattern: /\b(jaki|podaj\w*|prosze o) (jest |macie |ma )?(numer|nr|telefon|adres|mail|e-mail)/ },
    // When and how to phone or write to us: "w jakich godzinach mogę do was dzwonić".
    { id: 'contact.pl-call-you', pattern: /\bdo (was|wami)\b.*\b(dzwonic|zadzwonic|pisac|napisac|dzwoni)/ },
    // A complaint about something of ours (an invoice, an order); not "jak zgłosić phishing".
    { id: 'contact.complaint-about-ours', pattern: /\b(od was|wasz\w*|from you|your)\b.*\b(zglosic|zglaszac|zareklamowac|reklamacj\w*|complain|complaint)\b|\breklamacj/ },
    { id: 'contact.pl-hours', pattern: /\b(w jakich|o ktorej|jakie sa (wasze )?|od ktorej)\s*godzin\w*\b.*\b(dzwon|pisa|otwar|czynn|pracuj|odbier|telefon)/ },
    // Where the business is: an address question is a contact question.
    { id: 'contact.pl-where-you-are', pattern: /\bgdzie\b.*\b((wasz\w*|macie) (biur|siedzib|firm)\w*|siedzib\w*|jestescie|was znalezc)\b/ },
    // Contacting us, not "a way for parents to contact coaches" on a site we are asked to build.
    { id: 'contact.en-contact-you', pattern: /^contact\b|\bcontact(ing)? (you|us|your|details|info|information|page)\b|\b(how|where|who) (can|do|to|should) (i |we )?contact\b|\b(get in touch|reach you|reach out to you|reach your team)\b/ },
    { id: 'contact.pl-answer-phone', pattern: /\b(odbier\w* telefon|telefon\w* odbier)/ },
    { id: 'contact.en-call-you-when', pattern: /\bcan (i|we) (call|phone|ring)( you)? (on|at|in|during|after|before)\b|\breach (you |someone )?by (phone|telephone|email)\b/ },
    { id: 'contact.en-which-address', pattern: /\b(which|what) (e-?mail|email address|address|number)\b.*\b(send|write|call|ring)\b|\bsend (our|the|my) (brief|enquiry|inquiry|documents|request) to\b/ },
    { id: 'contact.en-write-to-you', pattern: /\b(write|talk|speak|send a message|send an email|email) to (you|us|someone|a person|a human|your team)\b|\bsend (you|us) (a )?(message|note|an? e-?mail)\b/ },
    // Calling us, not "do we have to ring you every time" about a service.
    { id: 'contact.en-call-you', pattern: /\b((can|may|could|should) (i|we) (call|ring|phone) you|how (can|do) (i|we) (call|ring|phone) you|your (email|e-mail|address|phone|telephone|office))\b|^(call|ring|phone) you\b/ },
    { id: 'contact.are-you-open', pattern: /\bare you open\b|\b(jestescie|czy jestescie) (czynni|otwarci)\b/ },
    // Our hours, not a post office's or a pool's: the examples' "opening hours" are mostly someone else's.
    { id: 'contact.en-your-hours', pattern: /\byour (opening|office|business|working) hours\b|\bwhat time do you (open|close)\b/ },
  ],
  /** A price asked. */
  pricing: [
    { id: 'pricing.pl-how-much', pattern: /\b(ile|jaki|jaka)\b.*\b(koszt|kosztuj|placi|zaplac|bierze|bior|wynos|wynies|wyniosl|policz|liczycie|wezmiecie|przeznacz|zarezerw|wyjdzie|wychodzi|dopla)/ },
    { id: 'pricing.pl-amounts-and-budget', pattern: /\bwydat(ek|ku|ki|kow)\b|\b(kilka|kilkanascie|kilkunastu|kilkadziesiat|kilkudziesieciu) tysi|\bza ile\b|\bile za\b|\bwidelk|\bjaki\w* budzet|\bnajtansz|\brozliczy(cie|libyscie|lby|laby)\b|\bdopla(c|ci|ca|ce|ta|ty)\w*|\bpodat(ek|ku|kiem)\b|\b(wylozyc|wylozymy|wydac|wydamy)\b/ },
    // Money itself: discounts, payment terms, amounts and whether a budget will do.
    { id: 'pricing.pl-discount', pattern: /\b(rabat|taniej|tansz|drozsz|drozej|znizk|upust|promocj)/ },
    // Paying us, not payments in general ("płatności online" on a donation page) or "z góry dziękuję".
    { id: 'pricing.pl-payment-terms', pattern: /\b(termin\w* platnos|warunki platnos|zaliczk|przedplat|w ratach|rozliczacie|rozliczamy|rozliczani|oplacen|oplacic|placi sie|placimy|zaplacimy)|\bz gory\b(?! (dzieki|dziekuj))/ },
    { id: 'pricing.pl-cost-price', pattern: /\b(koszt|kosztuj|cen[aeyi]?\b|cennik|stawk|wycen|netto|brutto|vat)/ },
    { id: 'pricing.en-how-much-price', pattern: /\b(how much|price|prices|priced|pricing|cost|costs|quote)\b/ },
    { id: 'pricing.en-invoice-rate-budget', pattern: /\b(one|single|the) invoice\b.*\b(end|upfront|split|parts|stages|instal)|\brates? (for|per)\b|\bper (hour|month)\b|\bwhat (would|will|do|should) (we|i) pay\b|\b(what|how much|how big a?) budget\b/ },
    { id: 'pricing.tax-and-amount', pattern: /\b(with|without|incl|including|excluding|plus) (tax|vat)\b|\b\d+ ?(k|pln|zl|zloty|euros?|dollars)\b/ },
  ],
  /** A wish to talk, without asking for a meeting: the consultation, unless the question is a contact one ("proszę o numer telefonu, pod którym mogę porozmawiać"). */
  talk: [
    { id: 'talk.pl-porozmawiac', pattern: /\b(porozmawia|pogada|przegada)/ },
    // Not knowing what one needs yet, or where to start with us: talk it through first.
    { id: 'talk.not-sure-what-we-need', pattern: /\b(nie wiemy|nie wiem|not sure|don'?t know|do not know),? (nawet,? |yet,? |even )?(czego|co|what) (nam |mi )?(potrzeb|we need|i need|we want)|\bod czego zaczac z (wami|panstwem)|\bwhere (do we|to|should we) start with you\b/ },
  ],
  /** Someone else's price (a licence programme, a parcel fee, a donation amount): not a question about ours… */
  othersPrices: [
    { id: 'others-price.licences-tools-parcels-donations', pattern: /\b((za|pakiet\w*|licencj\w*) office\b|office (dla|za darmo)|licenc|licens|techsoup|menedzer\w* hasel|password manager|sejf\w* na hasla|bitwarden|1password|keepass|yubikey|klucz\w* sprzetow|security keys?|dysk\w* zewnetrzn|external drives?|cloud storage|hardware and subscriptions|power automate|zapier|n8n|make or|narzedzi\w*|hosting\w*|domen\w*|prowizj|bramk\w* platnicz|payment provider|przelewy24|payu|tpay|blik|running costs|koszt\w* utrzymania|webflow|wordpress|wix|squarespace|gmail|google|microsoft|office 365|wersj\w* (bezplatn|darmow)|free (charity )?version|non-?profit (plan|program|discount)|program\w* (dla )?(ngo|non-?profit)|discounted (plan|program|office)|za darmo|for free|paczk|przesylk|kurier|parcel|delivery|darowizn|darczyn|wspierac nas|nas wspierac|wplat|donat|donor|supporters|gifts?\b|zbiork)/ },
  ],
  /** …unless it is ours after all (yours, a job of ours: a migration, a move). */
  ourPrices: [
    { id: 'our-price.yours-or-a-job', pattern: /\b(u was|wasz\w*|wam|wy|your|you charge|do you|would you|bierzecie|zrobicie|policzycie|przeniesieni\w*|przeniesc|migracj\w*|wdrozeni\w*|moving|move|migrat\w*|transfer\w*)\b/ },
  ],
  /** Asking for someone to do the work: "sprawdźcie nam stronę", "we need help moving to the cloud". */
  provider: [
    { id: 'provider.pl-request', pattern: /\b(pomoc|pomozcie|pomoze|pomogl|zlec|zlecen|potrzebuj|szukam|szukamy|kto (\w+ ){0,2}(zrobi|moze|nam|zbada|naprawi|ustawi|zajmie|poprowadzi|przygotuje|odbier|pilnow)|kogos(,)? kto|ktos do\b|ktos (nam |mi )?(moglby|moglaby|moze|mogl|zbudowal|ustawil|zrobil|przejal)|ktos moze (nam|mi)|(moga|mogliby|moglaby|moglby|pomoga|pomogliby) (nam |mi )?panstwo|(zajmuja sie|robia|oferuja|przygotowuja|wykonuja|pomagaja) panstwo|panstwo (\w+ )?(zrobic|przejac|przygotow|sprawdz|ustaw|pomaga|pomog|oferuj|wykonuj|zajmuj|robi)|za (nas|mnie)\b|ustawic nam|ustawicie|poprawicie|sprawdzicie|zbudujecie|przejmie|przejmiecie|zrobicie|robicie|zrobic nam|wyrecz|kto by (nam |mi )?(to )?(zrobil|zajal|ustawil|przygotowal)|zrobcie|przygotujcie|ustawcie|naprawcie|stworzcie|zaprojektujcie|przeniescie|zamowic|zajmiecie|zajmujecie|przygotujecie|wykonacie|mozecie|moglibyscie|oferujecie|wdrozy|sprawdzic nam|sprawdzcie|firm[ay]? (od|do|ktora))/ },
    { id: 'provider.en-request', pattern: /\b(help (us|me|with)|need (someone|help|an? )|hire|looking for (an? |someone)|nobody (in-house|here|on our team|has time|who knows|knows how)|who (can|could|would|will) (put|build|make|verify|check|fix|do|help|set|create)|is there (a|any) (company|firm|someone|anyone) (that|who) (can|could)|external (tech|it|admin|person)|(firm|company|agency|someone|an expert|a specialist|consultant|developer) to (look after|take care|handle|build|fix|check|go through|make|set up|automate|move|migrate|design|redo|audit)|need .{3,60} done\b|(outside|external) (firm|company|provider|team)|pay someone|can someone|could someone|who (can|could|should) (we|i) (call|ring|hire|ask)|you do (this|that|it)|please (review|check|fix|build|make|set up|move|migrate|audit|help|look)|take (this|it|that) on|something you (take on|do|offer|build|make|provide)|(love|like|want) (for )?you to|(build|make|set up|fix|do) (it|this|that|one) for (me|us)|can you|could you|would you|could your|can your|do you (also )?(do|offer|provide|build|make|handle|fix|repair|set up|test|check|review|audit|come)|does your (\w+ ){0,3}(service|review|audit|check|package|offer|plan)|check (whether|if|our|my)|set up|someone to)\b/ },
  ],
} satisfies Record<string, readonly IntentRule[]>;
