/**
 * Intent of a question: does it ask for a flow (contact, consultation) or for prices, and does it ask
 * the firm to do the work (`wantsProvider`)? Patterns run on the folded text (lowercase, no
 * diacritics), in both languages, whatever the asked locale. Each pattern names a concept (a price
 * asked, someone else's price, a request, the firm at work), not one phrasing; every one has unit
 * cases that must and must not match (tests/unit/ask-normalize.test.ts), and each was kept only when
 * the relevance set's tune half and its unread validation halves did not drop (src/server/ask/README.md).
 * The tiers decide in order: an explicit booking, contact, a wish to talk, prices ("umówić rozmowę
 * telefoniczną" is a booking, "proszę o numer, pod którym mogę porozmawiać" is contact).
 */
import { fold } from './normalize.ts';

export type Intent = 'consultation' | 'contact' | 'pricing';

const patterns: Record<Intent, RegExp[]> = {
  consultation: [
    /\bkonsultac/,
    /\b(umow|umowi|zarezerw|rezerwac|zaplanow)\w*\b.*\b(rozmow|spotkan|termin|konsultac|call|wideo|video)/,
    // Signing up for a call, not "zapisy na spotkania członkowskie" (sign-ups to a member's own events).
    /\bzapis\w* (sie )?na (rozmow|konsultac|call|wideo|video)/,
    /\b(rozmow|spotkan)\w* (online|wideo|video|przez (zoom|teams|meet))/,
    /\b(darmow|bezplatn)\w* (rozmow|konsultac|porad)/,
    /\bconsult(ation|ing call)?s?\b/,
    /\b(book|schedule|arrange|set up|plan)\b.*\b(call|meeting|consultation|appointment|session|slot|chat|demo)\b/,
    // The first call itself, not a timeline that starts with it ("from the first call until launch").
    /^(?!.*\b(until|till|to launch|do uruchomienia|do startu|do oddania|do konca)\b).*\b(first|initial|pierwsz\w*) (call|meeting|conversation|chat|rozmow\w*|spotkani\w*)\b/,
    // Talking before deciding or buying: the free consultation.
    /\b(talk|speak|discuss|chat)\b.*\bbefore (buying|deciding|we decide|committing|we commit|signing|paying)\b/,
    /\bbefore (signing|deciding|committing|buying)( anything)?\b.*\b(talk|speak|discuss|chat|advice|opinion)/,
    /\bzanim (cokolwiek )?(podpisz|zdecyduj|zamow|zleci)\w*\b.*\b(zdanie|opini|porozmawia|pogada|przegada|doradz|rozmow)/,
    // The consultation's own length: half an hour of talk.
    /\b(talk|speak|chat|call|meeting|rozmow|pogada|porozmawia)\w*\b.*\b(half an hour|30 min\w*|pol godziny)\b|\b(half an hour|30 min\w*|pol godziny)\b.*\b(talk|speak|chat|call|rozmow|pogada|porozmawia)/,
    /\b(discovery|intro|introductory|free|no-cost|no cost|quick|short|video|zoom|teams|online) (first )?(call|meeting|session|chat|conversation)\b/,
    /\b(advise|advice|discuss|talk|doradz|porad|przegada|omowi)\w*\b.*\b(without paying|for free|free of charge|no cost|bez placenia|za darmo|bezplatn)/,
    /\b(hop|jump|get) on a (quick )?(call|video call)\b/,
    /\bappointment\b/,
    // Advice without commitment is the free consultation, whatever it is called.
    /\b(doradz|porad|rozmow|pogada|spotka)\w*\b.*\bbez (zobowiazan|zadnych zobowiazan)/,
    /\bbez zobowiazan\w*\b.*\b(doradz|porad|rozmow|pogada|spotka)/,
    /\b(no[- ]strings|no[- ]obligation|without (any )?(obligation|charge|cost)|without committing|no commitment|free of charge|at no cost)\b.*\b(chat|call|talk|meeting|advice|session|discuss)/,
    /\b(chat|call|talk|meeting|advice|session|discuss)\b.*\b(is (that|it|this) free|free of charge|for free|no charge)\b/,
    /\b(chat|call|talk|meeting|advice|session|discuss)\b.*\b(no[- ]strings|no[- ]obligation|without (any )?(obligation|charge|cost)|without committing|no commitment|free of charge|at no cost)\b/,
  ],
  // Strict on purpose: "phishing email" or "form automation" are article topics, not requests to write to us.
  contact: [
    // ("kontaktów" alone is an address book's contacts, not contacting us.)
    /\b(s?kontaktowa\w*|kontakt\b|kontaktu\b|kontakcie\b|zadzwon|dodzwoni|formularz kontaktow)/,
    // Visiting, another way to reach us, a complaint.
    /\b(wpasc|przyjsc|przyjechac|podjechac|odwiedzic|zajrzec) (do was|do biura|osobiscie)|\bz wami (porozumiec|skontaktowac|polaczyc)|\b(porozumiec|polaczyc) sie z wami/,
    /\b(jestesmy|jestem) niezadowolen|\b(i|we) (want|would like|'d like|wish) to complain\b|\binvoice you sent\b|\b(whom|who) (should|do|can) (i|we) (tell|write to|complain to)\b/,
    /\b(napisz|napisac|pisac|wyslac wiadomosc|dzwonic) (do|na) (was|wami|nas|biuro|firm)/,
    // Our number or address, not "numer telefonu na stronie" (a change to make on a site).
    /\bwasz\w* (numer|nr|telefon|tel|mail|e-mail|adres)/,
    /\b(jaki|podaj\w*|prosze o) (jest |macie |ma )?(numer|nr|telefon|adres|mail|e-mail)/,
    // When and how to phone or write to us: "w jakich godzinach mogę do was dzwonić".
    /\bdo (was|wami)\b.*\b(dzwonic|zadzwonic|pisac|napisac|dzwoni)/,
    /\b(w jakich|o ktorej|jakie sa (wasze )?|od ktorej)\s*godzin\w*\b.*\b(dzwon|pisa|otwar|czynn|pracuj|odbier|telefon)/,
    /\bpanstwa (numer|telefon|adres|biur|siedzib|mail|e-mail)/,
    // A complaint about something of ours (an invoice, an order); not "jak zgłosić phishing".
    /\b(od was|wasz\w*|from you|your)\b.*\b(zglosic|zglaszac|zareklamowac|reklamacj\w*|complain|complaint)\b|\breklamacj/,
    /\bwhat time\b.*\b(call|phone|ring|open)\b|\b(when|what hours) (are you|is your office) open\b/,
    /\b(numer|nr) (telefonu? )?(do (was|firmy|biura)|kontaktow)/,
    /\badres\w* (e-?mail|mailow)/,
    /\b(przeslac|wyslac|skierowac|zadac) (wam |do was )?(zapytani|pytani)/,
    /\b(telefon|adres|mail|e-mail|email)\w* (do (was|firmy|biura)|kontaktow)/,
    // "jak się z wami skontaktować", not "jak się z wami rozliczamy" (billing).
    /\bjak (do was|was zlapac|sie z wami( (skontakt|polacz|porozum|zlapac|kontakt)\w*|\W*$))/,
    // Where the business is: an address question is a contact question.
    /\bgdzie\b.*\b((wasz\w*|macie) (biur|siedzib|firm)\w*|siedzib\w*|jestescie|was znalezc)\b/,
    // Contacting us, not "a way for parents to contact coaches" on a site we are asked to build.
    /^contact\b|\bcontact(ing)? (you|us|your|details|info|information|page)\b|\b(how|where|who) (can|do|to|should) (i |we )?contact\b|\b(get in touch|reach you|reach out to you|reach your team)\b/,
    /\b(odbier\w* telefon|telefon\w* odbier)/,
    /\bcan (i|we) (call|phone|ring)( you)? (on|at|in|during|after|before)\b|\breach (you |someone )?by (phone|telephone|email)\b/,
    /\b(which|what) (e-?mail|email address|address|number)\b.*\b(send|write|call|ring)\b|\bsend (our|the|my) (brief|enquiry|inquiry|documents|request) to\b/,
    /\b(write|talk|speak|send a message|send an email|email) to (you|us|someone|a person|a human|your team)\b|\bsend (you|us) (a )?(message|note|an? e-?mail)\b/,
    // Calling us, not "do we have to ring you every time" about a service.
    /\b((can|may|could|should) (i|we) (call|ring|phone) you|how (can|do) (i|we) (call|ring|phone) you|your (email|e-mail|address|phone|telephone|office))\b|^(call|ring|phone) you\b/,
    // Our number, not "a telephone number changed on our website".
    /^(?!.*\b(website|site|page)\b).*\b(tele)?phone number\b/,
    // Our opening hours, not the ones a café wants on its new site.
    /^(?!.*\b(website|site|page|menu|map)\b).*\bopening hours\b/,
    /\bwhere (are you|is your (office|company|team))\b/,
    /\bare you open\b|\b(jestescie|czy jestescie) (czynni|otwarci)\b/,
  ],
  pricing: [
    /\b(ile|jaki|jaka)\b.*\b(koszt|kosztuj|placi|zaplac|bierze|bior|wynos|wynies|wyniosl|policz|liczycie|wezmiecie|przeznacz|zarezerw|wyjdzie|wychodzi|dopla)/,
    /\bwydat(ek|ku|ki|kow)\b|\b(kilka|kilkanascie|kilkunastu|kilkadziesiat|kilkudziesieciu) tysi|\bza ile\b|\bile za\b|\bwidelk|\bjaki\w* budzet|\bnajtansz|\brozliczy(cie|libyscie|lby|laby)\b|\bdopla(c|ci|ca|ce|ta|ty)\w*|\bpodat(ek|ku|kiem)\b|\b(wylozyc|wylozymy|wydac|wydamy)\b/,
    // Money itself: discounts, payment terms, amounts and whether a budget will do.
    /\b(rabat|taniej|tansz|drozsz|drozej|znizk|upust|promocj)/,
    // Paying us, not payments in general ("płatności online" on a donation page) or "z góry dziękuję".
    /\b(termin\w* platnos|warunki platnos|zaliczk|przedplat|w ratach|rozliczacie|rozliczamy|rozliczani|oplacen|oplacic|placi sie|placimy|zaplacimy)|\bz gory\b(?! (dzieki|dziekuj))/,
    /\b\d+ ?(tys|tysiecy|tysiace|tysiac|zl|zlotych|pln)\b|\btysi\w* (zl|zlotych|pln)\b|\b(starczy|wystarczy) na\b|\bzmiescimy sie\b/,
    /\b(koszt|kosztuj|cen[aeyi]?\b|cennik|stawk|wycen|netto|brutto|vat)/,
    /\b(how much|price|prices|priced|pricing|cost|costs|quote)\b/,
    /\b(your|hourly|daily|day|lower|reduced|special|cheaper|discounted) rates?\b/,
    /\b(do|would|will|did) you charge\b|\bcharges? (for|to)\b|\b(ballpark|afford|affordable)\b/,
    /\b(discount|discounts|discounted|cheaper|cheapest|expensive|set (me|us) back|upfront|up front|deposit|instal?lments?)\b/,
    /\b(one|single|the) invoice\b.*\b(end|upfront|split|parts|stages|instal)|\brates? (for|per)\b|\bper (hour|month)\b|\bwhat (would|will|do|should) (we|i) pay\b|\b(what|how much|how big a?) budget\b/,
    // Paying you, not "the grant paying for our website" or a fake invoice.
    /\b((have|need) to|do (i|we)|when (do|should|to)|how (do|can) (i|we)) pay\b|\bpay (you|upfront|up front|in advance|the invoice|in instal)|\bpayment (terms|schedule|plan|upfront|in advance)\b|\binvoic\w* (terms|due|schedule|monthly|upfront|in advance)\b/,
    /\b(with|without|incl|including|excluding|plus) (tax|vat)\b|\b\d+ ?(k|pln|zl|zloty|euros?|dollars)\b/,
  ],
};

/**
 * A fee or budget mentioned: a price question ("abonament na obsługę IT", "monthly fee for IT"), unless
 * the question asks for someone to do the work on those terms ("szukam firmy, która to przejmie za
 * stałą opłatą", "a firm to look after our computers for a fixed monthly fee"): then it is a service.
 */
const feeMentions = [/\b(oplat|budzet|budzecie|abonament|kwot)/, /\b(fee|fees|budget)\b/];

const othersPrices = /\b((za|pakiet\w*|licencj\w*) office\b|office (dla|za darmo)|licenc|licens|techsoup|menedzer\w* hasel|password manager|sejf\w* na hasla|bitwarden|1password|keepass|yubikey|klucz\w* sprzetow|security keys?|dysk\w* zewnetrzn|external drives?|cloud storage|hardware and subscriptions|power automate|zapier|n8n|make or|narzedzi\w*|hosting\w*|domen\w*|prowizj|bramk\w* platnicz|payment provider|przelewy24|payu|tpay|blik|running costs|koszt\w* utrzymania|webflow|wordpress|wix|squarespace|gmail|google|microsoft|office 365|wersj\w* (bezplatn|darmow)|free (charity )?version|non-?profit (plan|program|discount)|program\w* (dla )?(ngo|non-?profit)|discounted (plan|program|office)|za darmo|for free|paczk|przesylk|kurier|parcel|delivery|darowizn|darczyn|wspierac nas|nas wspierac|wplat|donat|donor|supporters|gifts?\b|zbiork)/;
const ourPrices = /\b(u was|wasz\w*|wam|wy|your|you charge|do you|would you|bierzecie|zrobicie|policzycie|przeniesieni\w*|przeniesc|migracj\w*|wdrozeni\w*|moving|move|migrat\w*|transfer\w*)\b/;

/**
 * Wanting to talk, without asking for a meeting: the consultation, unless the question asks for our
 * number or address ("proszę o numer telefonu, pod którym mogę porozmawiać" is a contact question).
 */
const talk = [
  /\b(porozmawia|pogada|przegada)/,
  /\b(talk|speak) (to|with) (an? )?(expert|specialist|consultant|advisor)\b/,
  // Not knowing what one needs yet, or where to start with us: talk it through first.
  /\b(nie wiemy|nie wiem|not sure|don'?t know|do not know),? (nawet,? |yet,? |even )?(czego|co|what) (nam |mi )?(potrzeb|we need|i need|we want)|\bod czego zaczac z (wami|panstwem)|\bwhere (do we|to|should we) start with you\b/,
];

/** The tiers in the order they decide: an explicit booking, then contact, then a wish to talk, then prices. */
const tiers: [Intent, RegExp[]][] = [
  ['consultation', patterns.consultation],
  ['contact', patterns.contact],
  ['consultation', talk],
  ['pricing', patterns.pricing],
];

// Chat shorthand, so "whats ur email" reads as "your email" (not "u", a Polish preposition: "u was").
const shorthand: Record<string, string> = { ur: 'your', pls: 'please', plz: 'please' };
const readable = (question: string) =>
  fold(question)
    .replace(/\s+/g, ' ')
    .replace(/\b(ur|pls|plz)\b/g, (word) => shorthand[word]!);

/** Every intent the question shows, strongest first. */
export function detectIntents(question: string): Intent[] {
  const text = readable(question);
  const found = tiers.filter(([, tier]) => tier.some((pattern) => pattern.test(text))).map(([intent]) => intent);
  if (feeMentions.some((pattern) => pattern.test(text)) && !wantsProvider(question, { requestOnly: true })) found.push('pricing');
  // Someone else's price (a licence programme, a parcel fee, a donation amount) is not a question about ours.
  if (othersPrices.test(text) && !ourPrices.test(text)) return [...new Set(found.filter((intent) => intent !== 'pricing'))];
  return [...new Set(found)];
}

// A verb in the second person plural ("projektujecie strony?", "przenosicie pocztę?", "zautomatyzujcie
// nam", "zróbcie", "ustawcie"): the visitor addresses the firm. Only endings nouns rarely share once
// folded: not -ecie ("w projekcie", "w ofercie", "budżecie"), -rcie ("wsparcie") or -ście ("odejście").
const addressesUs = /\b(?!uj[ae]cie\b|budzecie\b)(\w{3,}(ujecie|icie|jcie|[bw]cie|dzcie|zcie|zecie|czycie|niecie|byscie|liscie|lyscie)|(ze|a)byscie)\b/;

/**
 * The firm as the one doing the work, in the course of a job: "before you start", "once you've
 * finished", "after you've moved us", "will you train", "z wami". Such a question asks about the
 * service even when it starts with "jak" or "how" ("jak szybko reagujecie?").
 */
const firmAtWork = [
  addressesUs,
  /\b(before|once|after|when) you('ve| have)? (start|begin|finish|finished|moved|move|built|build|set up|launch)|\b(will|would) you (also )?(train|teach|show|help|build|make|do|fix|move|migrate|set up|look after|handle|take care|deal)\b/,
  /\bdo you (also )?(look after|deal with|teach|train|cover|maintain|host|work with)\b|\b(have|hire) you as\b|\byou as our\b|\bwith you\b.*\b(remote|remotely|on site)\b/,
  /\bz wami\b|\bczy macie (taka|taki|takie|jakas|jakis|uslug|oferte|pakiet)/,
];

const providerPatterns = [
  /\b(pomoc|pomozcie|pomoze|pomogl|zlec|zlecen|potrzebuj|szukam|szukamy|kto (\w+ ){0,2}(zrobi|moze|nam|zbada|naprawi|ustawi|zajmie|poprowadzi|przygotuje|odbier|pilnow)|kogos(,)? kto|ktos do\b|ktos (nam |mi )?(moglby|moglaby|moze|mogl|zbudowal|ustawil|zrobil|przejal)|ktos moze (nam|mi)|(moga|mogliby|moglaby|moglby|pomoga|pomogliby) (nam |mi )?panstwo|(zajmuja sie|robia|oferuja|przygotowuja|wykonuja|pomagaja) panstwo|panstwo (\w+ )?(zrobic|przejac|przygotow|sprawdz|ustaw|pomaga|pomog|oferuj|wykonuj|zajmuj|robi)|za (nas|mnie)\b|ustawic nam|ustawicie|poprawicie|sprawdzicie|zbudujecie|przejmie|przejmiecie|zrobicie|robicie|zrobic nam|wyrecz|kto by (nam |mi )?(to )?(zrobil|zajal|ustawil|przygotowal)|zrobcie|przygotujcie|ustawcie|naprawcie|stworzcie|zaprojektujcie|przeniescie|zamowic|zajmiecie|zajmujecie|przygotujecie|wykonacie|mozecie|moglibyscie|oferujecie|wdrozy|sprawdzic nam|sprawdzcie|firm[ay]? (od|do|ktora))/,
  /\b(help (us|me|with)|need (someone|help|an? )|hire|looking for (an? |someone)|nobody (in-house|here|on our team|has time|who knows|knows how)|who (can|could|would|will) (put|build|make|verify|check|fix|do|help|set|create)|is there (a|any) (company|firm|someone|anyone) (that|who) (can|could)|external (tech|it|admin|person)|(firm|company|agency|someone|an expert|a specialist|consultant|developer) to (look after|take care|handle|build|fix|check|go through|make|set up|automate|move|migrate|design|redo|audit)|need .{3,60} done\b|(outside|external) (firm|company|provider|team)|pay someone|can someone|could someone|who (can|could|should) (we|i) (call|ring|hire|ask)|you do (this|that|it)|please (review|check|fix|build|make|set up|move|migrate|audit|help|look)|take (this|it|that) on|something you (take on|do|offer|build|make|provide)|(love|like|want) (for )?you to|(build|make|set up|fix|do) (it|this|that|one) for (me|us)|can you|could you|would you|could your|can your|do you (also )?(do|offer|provide|build|make|handle|fix|repair|set up|test|check|review|audit|come)|does your (\w+ ){0,3}(service|review|audit|check|package|offer|plan)|check (whether|if|our|my)|set up|someone to)\b/,
];
/** Naming a service ("obsługa IT", "accessibility audit") also asks for it, but does not ask for it on a fee's terms. */
const serviceNouns = [/\b(audyt|sprawdzen|obslug|opiek|outsourc|uslug)/, /\b(audit|migrat|support (for|with)|service|services|outsourc|managed)\b/];
const selfHelpPatterns = [
  // At the start of the question or of one of its sentences ("We have Forms and Outlook. How do I …").
  /(^|[.?!] )(jak|dlaczego|czym|co to|po co|czy warto)\b/,
  /(^|[.?!] )(how (to|do|can|does|should)|why|what (is|are)|should (i|we))\b/,
  /\b(co (teraz|robic|zrobic|dalej)|what (now|next|should (i|we) do))\b/,
];

/**
 * Does the question ask for someone to do the work (a service) rather than how to do it oneself (an
 * article)? "sprawdźcie nam stronę", "we need help moving to the cloud" vs "jak zrobić kopię zapasową".
 * The firm at work in the course of a job always is one; otherwise a question with a self-help
 * marker (how to, why, what is) never is. `requestOnly`: asking, not merely naming a service.
 */
export function wantsProvider(question: string, { requestOnly = false } = {}): boolean {
  const text = readable(question).trim();
  if (firmAtWork.some((pattern) => pattern.test(text))) return true;
  if (selfHelpPatterns.some((pattern) => pattern.test(text))) return false;
  return providerPatterns.some((pattern) => pattern.test(text)) || (!requestOnly && serviceNouns.some((pattern) => pattern.test(text)));
}

/**
 * The words the patterns themselves spell out (4+ letters, often a stem: "konsultac", "intro"): the
 * intent spelling takes them as meant, so it does not "correct" "intro" into "into".
 */
export function patternWords(): string[] {
  const all = [...Object.values(patterns).flat(), ...talk, ...feeMentions, othersPrices, ourPrices, ...firmAtWork, ...providerPatterns, ...serviceNouns, ...selfHelpPatterns];
  return [...new Set(all.flatMap((pattern) => pattern.source.replace(/\\[a-z]/gi, ' ').match(/[a-z]{4,}/g) ?? []))];
}
