/**
 * The sentences of the error catalogue (errors.ts): every message a client or a person reads when
 * something fails, keyed by the error code and, where one code has several distinct causes, the
 * cause (`invalid_json.empty`). A throw site names the key and its typed parameters; this table
 * writes the message in English (the wire text of REST, JSON-RPC and OAuth answers) and in Polish
 * (pages a person reads), and the hint: what the caller should change.
 */
import type { ErrorCode, OAuthErrorCode } from './errors';
import type { Locale } from './i18n';

export interface MessageTemplate<P> {
  en: (params: P) => string;
  pl: (params: P) => string;
  /** What the caller should change (English, like the catalogue's hints); the code's default otherwise. */
  hint?: (params: P) => string;
}

/** Infers the parameters from the English sentence, so pl and hint are checked against them. */
function say<P = undefined>(template: MessageTemplate<P>): MessageTemplate<P> {
  return template;
}

const kib = (bytes: number) => bytes / 1024;
const hourly = { en: 'per hour', pl: 'na godzinę' };

/** The site's codes (errors.ts `errorCatalog`) and their causes. */
export const errorMessages = {
  invalid_json: {
    not_utf8: say({ en: () => 'The request body is not valid UTF-8.', pl: () => 'Treść żądania nie jest poprawnym UTF-8.' }),
    empty: say({ en: () => 'The request body is empty.', pl: () => 'Treść żądania jest pusta.', hint: () => 'Send a JSON object.' }),
    syntax: say({
      en: ({ detail }: { detail: string }) => `The request body is not valid JSON: ${detail}`,
      pl: ({ detail }) => `Treść żądania nie jest poprawnym JSON-em: ${detail}`,
    }),
  },
  validation_failed: {
    unknown_case_study: say({
      en: ({ locale, slug }: { locale: string; slug: string; known: string }) => `Field "slug": no ${locale} case study is called "${slug}".`,
      pl: ({ locale, slug }) => `Pole "slug": nie ma realizacji (${locale}) o nazwie "${slug}".`,
      hint: ({ known }) => `Use one of: ${known} (case_studies_list lists them).`,
    }),
    too_deep: say({
      en: ({ depth }: { depth: number }) => `The request body is nested deeper than ${depth} levels.`,
      pl: ({ depth }) => `Treść żądania jest zagnieżdżona głębiej niż na ${depth} poziomów.`,
      hint: ({ depth }) => `Send JSON with at most ${depth} levels of arrays and objects inside each other.`,
    }),
    not_object: say({
      en: ({ kind }: { kind: string }) => `The body must be a JSON object, not ${kind}.`,
      pl: ({ kind }) => `Treść musi być obiektem JSON, a nie: ${kind}.`,
      hint: () => 'Send a JSON object with the fields listed in /openapi.json.',
    }),
    /** A schema rule broken (zod's sentence); without a field, the body as a whole. */
    rule: say({
      en: ({ field, problem }: { field?: string; problem: string }) => `${field ? `Field "${field}"` : 'The body'}: ${problem}`,
      pl: ({ field, problem }) => `${field ? `Pole „${field}”` : 'Treść'}: ${problem}`,
      hint: ({ field }) => (field ? `Correct "${field}" and send the request again.` : 'Correct the body and send the request again.'),
    }),
    missing: say({
      en: ({ field }: { field?: string }) => `${field ? `Field "${field}"` : 'The body'} is required.`,
      pl: ({ field }) => `${field ? `Pole „${field}” jest wymagane` : 'Treść jest wymagana'}.`,
      hint: ({ field }) => (field ? `Correct "${field}" and send the request again.` : 'Send a JSON object.'),
    }),
    wrong_type: say({
      en: ({ field, expected, given }: { field?: string; expected: string; given: string }) => `${field ? `Field "${field}"` : 'The body'} must be ${expected}, not ${given}.`,
      pl: ({ field, expected, given }) => `${field ? `Pole „${field}”` : 'Treść'} musi być typu ${expected}, a nie ${given}.`,
      hint: ({ field }) => (field ? `Correct "${field}" and send the request again.` : 'Correct the body and send the request again.'),
    }),
    end_before_start: say({
      en: ({ start }: { start: string }) => `Field "end": must not be before start (${start}).`,
      pl: ({ start }) => `Pole „end”: nie może być wcześniejsze niż początek (${start}).`,
      hint: () => 'Give an end date on or after start.',
    }),
    window_too_long: say({
      en: ({ start, days }: { start: string; days: number }) => `Field "end": must be at most ${days} days after start (${start}).`,
      pl: ({ start, days }) => `Pole „end”: może być najwyżej ${days} dni po początku (${start}).`,
      hint: ({ days }) => `Ask for at most ${days} days at a time.`,
    }),
    chat_empty: say({
      en: () => 'Field "messages" must hold at least one user or assistant message.',
      pl: () => 'Pole „messages” musi zawierać co najmniej jedną wiadomość użytkownika lub asystenta.',
    }),
    chat_unknown_tool: say({
      en: ({ type }: { type: string }) => `Field "messages": the part type "${type.slice(0, 80)}" names no tool of this chat.`,
      pl: ({ type }) => `Pole „messages”: typ części „${type.slice(0, 80)}” nie jest narzędziem tego czatu.`,
    }),
    chat_messages: say({
      en: ({ problem }: { problem: string }) => `Field "messages": ${problem.slice(0, 300)}`,
      pl: ({ problem }) => `Pole „messages”: ${problem.slice(0, 300)}`,
    }),
    unknown_tool: say({
      en: ({ name }: { name: string; tools: readonly string[] }) => `Unknown tool "${name}".`,
      pl: ({ name }) => `Nieznane narzędzie „${name}”.`,
      hint: ({ tools }) => `Use one of: ${tools.join(', ')}.`,
    }),
  },
  unsupported_media_type: {
    charset: say({
      en: ({ charset }: { charset: string }) => `The charset ${charset} is not accepted here.`,
      pl: ({ charset }) => `Kodowanie ${charset} nie jest tu przyjmowane.`,
      hint: () => 'Encode the body as UTF-8 (charset=utf-8 or no charset parameter).',
    }),
    content_type: say({
      en: ({ type }: { type: string; form: boolean }) => (type ? `Content-Type ${type} is not accepted here.` : 'The request has no Content-Type.'),
      pl: ({ type }) => (type ? `Content-Type ${type} nie jest tu przyjmowany.` : 'Żądanie nie ma nagłówka Content-Type.'),
      hint: ({ form }) => (form ? 'Send application/json or application/x-www-form-urlencoded.' : 'Send the body as application/json.'),
    }),
    not_form: say({
      en: () => 'The request body is not a form.',
      pl: () => 'Treść żądania nie jest formularzem.',
      hint: () => 'Send application/x-www-form-urlencoded or multipart/form-data.',
    }),
  },
  payload_too_large: {
    limit: say({
      en: ({ limit }: { limit: number }) => `The request body is larger than ${kib(limit)} KiB.`,
      pl: ({ limit }) => `Treść żądania jest większa niż ${kib(limit)} KiB.`,
      hint: ({ limit }) => `Shorten the body to at most ${kib(limit)} KiB.`,
    }),
  },
  not_found: {
    endpoint: say({ en: ({ path }: { path: string }) => `There is no endpoint at ${path}.`, pl: ({ path }) => `Pod adresem ${path} nie ma punktu API.` }),
    mcp_resource: say({
      en: ({ path }: { path: string; listing: string }) => `No MCP resource at ${path}.`,
      pl: ({ path }) => `Pod adresem ${path} nie ma zasobu MCP.`,
      hint: ({ listing }) => listing,
    }),
    protected_resource: say({
      en: ({ path }: { path: string }) => `${path} is not a protected resource of this site.`,
      pl: ({ path }) => `${path} nie jest chronionym zasobem tej strony.`,
      hint: () => 'See /.well-known/oauth-protected-resource.',
    }),
  },
  method_not_allowed: {
    allow: say({ en: ({ allow }: { allow: string }) => `This endpoint accepts ${allow}.`, pl: ({ allow }) => `Ten punkt API przyjmuje ${allow}.` }),
    method: say({
      en: ({ method }: { method: string; allow: string }) => `The method ${method} is not allowed here.`,
      pl: ({ method }) => `Metoda ${method} jest tu niedozwolona.`,
      hint: ({ allow }) => `Use one of ${allow}.`,
    }),
    mcp: say({
      en: ({ method }: { method: string }) => `Method Not Allowed: ${method}. Use GET (discovery) or POST (JSON-RPC).`,
      pl: ({ method }) => `Metoda ${method} jest niedozwolona. Użyj GET (opis) albo POST (JSON-RPC).`,
    }),
  },
  forbidden_origin: {
    mcp: say({
      en: ({ origin }: { origin: string }) => `Forbidden: Origin ${origin} may not call this MCP server.`,
      pl: ({ origin }) => `Odmowa: źródło ${origin} nie może wywoływać tego serwera MCP.`,
      hint: () => "Call from the site's own origin, a loopback origin (a local client), or a server (no Origin header).",
    }),
  },
  unauthorized: {
    bearer: say({
      en: ({ reason }: { reason: string; metadata: string; scope: string }) => reason,
      pl: ({ reason }) => `Wymagany jest ważny token dostępu: ${reason}`,
      hint: ({ metadata, scope }) => `Get a token (see ${metadata}) with scope ${scope || 'of this resource'} and send it as Authorization: Bearer <token>.`,
    }),
  },
  insufficient_scope: {
    bearer: say({
      en: ({ reason }: { reason: string; scope: string }) => reason,
      pl: ({ reason }) => `Token nie ma potrzebnego zakresu: ${reason}`,
      hint: ({ scope }) => `Request a token with scope ${scope}.`,
    }),
  },
  rate_limited: {
    per_minute: say({
      en: ({ limit }: { limit: number; retryAfter: number }) => `Too many requests: the limit is ${limit} per minute.`,
      pl: ({ limit }) => `Za dużo żądań: limit to ${limit} na minutę.`,
      hint: ({ retryAfter }) => `Wait ${retryAfter} s (Retry-After), then retry.`,
    }),
    per_day: say({
      en: ({ limit }: { limit: number; retryAfter: number }) => `Too many requests: the limit is ${limit} a day.`,
      pl: ({ limit }) => `Za dużo żądań: limit to ${limit} na dobę.`,
      hint: ({ retryAfter }) => `Wait ${retryAfter} s (Retry-After), then retry.`,
    }),
    per_hour: say({
      en: ({ what, limit, setting }: { what: 'registrations' | 'codes'; limit: number; setting: string; retryAfter: number }) =>
        `Too many ${what === 'registrations' ? 'client registrations' : 'authorization codes'} from this address: the limit is ${limit} ${hourly.en} (${setting}).`,
      pl: ({ what, limit, setting }) =>
        `Za dużo ${what === 'registrations' ? 'rejestracji klientów' : 'kodów autoryzacji'} z tego adresu: limit to ${limit} ${hourly.pl} (${setting}).`,
      hint: ({ retryAfter }) => `Wait ${retryAfter} s (Retry-After), then retry.`,
    }),
  },
  slot_unavailable: {
    refused: say({
      en: ({ message }: { message: string; alternatives: number; bookingUrl: string }) => message,
      pl: () => 'Ten termin nie jest już wolny.',
      hint: ({ alternatives, bookingUrl }) =>
        alternatives ? 'Pick one of the alternatives in the answer and book it.' : `Look up free slots again or book through ${bookingUrl}.`,
    }),
  },
  booking_limit_reached: {
    email: say({
      en: ({ limit }: { limit: number }) => `This e-mail address already holds ${limit} upcoming consultation(s), as many as the site allows.`,
      pl: ({ limit }) => `Na ten adres e-mail zarezerwowano już nadchodzące konsultacje (${limit}), tyle, ile przyjmujemy.`,
      hint: () => 'Keep the consultation already booked, or cancel it with the link in its confirmation mail (a place is then free again); another can be booked once it has passed.',
    }),
    network: say({
      en: ({ limit }: { limit: number }) => `${limit} upcoming consultations have already been booked from this network, as many as the site allows.`,
      pl: ({ limit }) => `Z tej sieci zarezerwowano już nadchodzące konsultacje (${limit}), tyle, ile przyjmujemy.`,
      hint: () => 'Another can be booked once one of them has passed, or once one is cancelled with the link in its confirmation mail.',
    }),
  },
  daily_cap_reached: {
    chat: say({
      en: ({ limit }: { limit: number; resetsAt: string; seconds: number }) => `The chat assistant has reached today's limit of ${limit} requests.`,
      pl: ({ limit }) => `Asystent wyczerpał dzisiejszy limit ${limit} rozmów.`,
      hint: ({ resetsAt, seconds }) =>
        `It answers again at ${resetsAt} (midnight Europe/Warsaw), in ${seconds} s (Retry-After). Meanwhile use the contact form or the pages listed in /llms.txt.`,
    }),
    address_share: say({
      en: ({ limit }: { limit: number; resetsAt: string; seconds: number }) => `This address (or its network) has used its share of ${limit} assistant answers today.`,
      pl: ({ limit }) => `Ten adres (lub jego sieć) wykorzystał dzisiejszy przydział ${limit} odpowiedzi asystenta.`,
      hint: ({ resetsAt, seconds }) =>
        `It is answered again at ${resetsAt} (midnight Europe/Warsaw), in ${seconds} s (Retry-After). Meanwhile use the contact form or the pages listed in /llms.txt.`,
    }),
  },
  not_configured: {
    mail: say({ en: () => 'E-mail is switched off on this deployment (MAIL_PROVIDER=off).', pl: () => 'Poczta e-mail jest wyłączona na tej stronie (MAIL_PROVIDER=off).' }),
    list: say({
      en: () => 'The mailing list is switched off on this deployment (MAIL_PROVIDER=off).',
      pl: () => 'Lista mailingowa jest wyłączona na tej stronie (MAIL_PROVIDER=off).',
    }),
    mail_and_list: say({
      en: () => 'E-mail and the mailing list are switched off on this deployment (MAIL_PROVIDER=off).',
      pl: () => 'Poczta e-mail i lista mailingowa są wyłączone na tej stronie (MAIL_PROVIDER=off).',
    }),
  },
  provider_unavailable: {
    mail: say({
      en: ({ sender, timeout, what }: { sender: 'server' | 'provider'; timeout: boolean; what: string }) =>
        `The mail ${sender} ${timeout ? 'did not answer in time' : 'refused or failed'} (${what}).`,
      pl: ({ sender, timeout, what }) =>
        `${sender === 'server' ? 'Serwer' : 'Dostawca'} poczty ${timeout ? 'nie odpowiedział na czas' : 'odmówił lub zawiódł'} (${what}).`,
    }),
    booking: say({
      en: ({ detail }: { detail: string; bookingUrl: string }) => `The consultation could not be booked: ${detail}`,
      pl: ({ detail }) => `Nie udało się zarezerwować konsultacji: ${detail}`,
      hint: ({ bookingUrl }) => `Retry in a few seconds or book through ${bookingUrl}.`,
    }),
    chat_model: say({ en: () => 'The chat model failed or did not answer in time.', pl: () => 'Model czatu zawiódł albo nie odpowiedział na czas.' }),
  },
  service_unavailable: {
    chat_off: say({
      en: () => 'The chat assistant is switched off on this site.',
      pl: () => 'Asystent czatu jest wyłączony na tej stronie.',
      hint: () => 'Use the contact form, /ask or the MCP server listed in /llms.txt.',
    }),
    chat_unconfigured: say({
      en: () => 'The chat assistant is not configured on this site.',
      pl: () => 'Asystent czatu nie jest skonfigurowany na tej stronie.',
      hint: () => 'Use the contact form, /ask or the MCP server listed in /llms.txt. The owner sets AI_GATEWAY_API_KEY or CHAT_BASE_URL to enable it.',
    }),
    chat_key: say({ en: () => 'The chat model refused our key.', pl: () => 'Model czatu odrzucił nasz klucz.' }),
    store_full: say({
      en: () => 'The site holds as much short-lived security state as it has room for, so nothing was changed.',
      pl: () => 'Strona przechowuje tyle krótkotrwałych danych zabezpieczeń, ile może, więc niczego nie zmieniono.',
      hint: () => 'Retry after the time in Retry-After, when older entries have expired.',
    }),
  },
  storage_unavailable: {
    fault: say({
      en: () => 'The site cannot store anything right now (its disk or database is failing), so nothing was kept.',
      pl: () => 'Strona nie może teraz niczego zapisać (zawodzi jej dysk albo baza danych), więc nic nie zostało zapamiętane.',
    }),
  },
  internal_error: {
    no_prices: say({ en: () => 'The price list is missing from the content.', pl: () => 'W treści strony brakuje cennika.' }),
  },
} satisfies { [C in ErrorCode]?: Record<string, MessageTemplate<never>> };

/** The OAuth 2.0 answers' causes, under the RFC error code they are answered with. */
export const oauthMessages = {
  invalid_request: {
    parameter_twice: say({ en: ({ name }: { name: string }) => `${name} may appear only once.`, pl: ({ name }) => `Parametr ${name} może wystąpić tylko raz.` }),
    client_and_redirect_twice: say({
      en: () => 'client_id and redirect_uri may each appear only once.',
      pl: () => 'Parametry client_id i redirect_uri mogą wystąpić tylko raz.',
    }),
    parameter_missing: say({
      en: ({ name, detail }: { name: string; detail?: string }) => `${name} is required${detail ? ` (${detail})` : ''}.`,
      pl: ({ name, detail }) => `Parametr ${name} jest wymagany${detail ? ` (${detail})` : ''}.`,
    }),
    redirect_unregistered: say({
      en: () => 'redirect_uri does not match any redirect URI registered for this client (a loopback one may name any port).',
      pl: () => 'redirect_uri nie pasuje do żadnego adresu przekierowania zarejestrowanego dla tego klienta (adres loopback może mieć dowolny port).',
    }),
    redirect_ambiguous: say({
      en: () => 'redirect_uri is required: this client has registered more than one (or none).',
      pl: () => 'Parametr redirect_uri jest wymagany: ten klient zarejestrował więcej niż jeden adres (albo żadnego).',
    }),
    not_string: say({ en: ({ name }: { name: string }) => `Parameter ${name} must be a string.`, pl: ({ name }) => `Parametr ${name} musi być tekstem.` }),
    challenge_method: say({
      en: () => 'code_challenge_method must be S256 (plain is not supported).',
      pl: () => 'code_challenge_method musi mieć wartość S256 (plain nie jest obsługiwane).',
    }),
    challenge_shape: say({
      en: () => 'code_challenge must be the 43-character base64url SHA-256 of the code verifier.',
      pl: () => 'code_challenge musi być 43-znakowym skrótem SHA-256 (base64url) weryfikatora kodu.',
    }),
    unreadable_body: say({
      en: ({ cause }: { cause?: { message: string; messageIn(locale: Locale): string } }) =>
        `${cause?.message ?? 'The request body could not be read.'} Send application/x-www-form-urlencoded (or JSON) parameters.`,
      pl: ({ cause }) => `${cause?.messageIn('pl') ?? 'Nie udało się odczytać treści żądania.'} Wyślij parametry jako application/x-www-form-urlencoded (albo JSON).`,
    }),
    not_parameters: say({ en: () => 'The body must hold the token request parameters.', pl: () => 'Treść musi zawierać parametry żądania tokenu.' }),
    two_auth_methods: say({
      en: () => 'Use one client authentication method, not Basic and client_secret together.',
      pl: () => 'Użyj jednej metody uwierzytelnienia klienta, nie Basic i client_secret naraz.',
    }),
    client_id_differs: say({ en: () => 'client_id differs from the Basic credentials.', pl: () => 'client_id różni się od danych Basic.' }),
    foreign_form: say({ en: () => 'The consent form must be sent from this site.', pl: () => 'Formularz zgody musi zostać wysłany z tej strony.' }),
    unreadable_form: say({
      en: ({ cause }: { cause?: { message: string; messageIn(locale: Locale): string } }) => cause?.message ?? 'Unreadable form.',
      pl: ({ cause }) => cause?.messageIn('pl') ?? 'Nie da się odczytać formularza.',
    }),
    form_not_object: say({
      en: () => 'The body must be the authorization parameters: form fields or a JSON object.',
      pl: () => 'Treść musi zawierać parametry autoryzacji: pola formularza albo obiekt JSON.',
    }),
    decision: say({ en: () => 'decision must be allow or deny.', pl: () => 'Decyzja musi brzmieć allow albo deny.' }),
  },
  invalid_client: {
    unknown: say({
      en: () => 'Unknown client_id: register the client first (registration_endpoint in /.well-known/oauth-authorization-server) or use the https URL of its metadata document as client_id.',
      pl: () => 'Nieznany client_id: najpierw zarejestruj klienta (registration_endpoint w /.well-known/oauth-authorization-server) albo użyj jako client_id adresu https jego dokumentu metadanych.',
    }),
    basic_shape: say({
      en: () => 'The Authorization header must be HTTP Basic client_id:client_secret.',
      pl: () => 'Nagłówek Authorization musi mieć postać HTTP Basic client_id:client_secret.',
    }),
    basic_encoding: say({ en: () => 'The Basic credentials are not form-urlencoded.', pl: () => 'Dane Basic nie są zakodowane jak formularz (form-urlencoded).' }),
    authentication_required: say({
      en: () => 'Client authentication is required: client_id (public clients) or HTTP Basic (confidential client).',
      pl: () => 'Wymagane jest uwierzytelnienie klienta: client_id (klienci publiczni) albo HTTP Basic (klient poufny).',
    }),
    authentication_failed: say({ en: () => 'Client authentication failed.', pl: () => 'Uwierzytelnienie klienta nie powiodło się.' }),
    // The reason names the fault in the document or its fetch (size, time, address, fields), in English.
    metadata_document: say({
      en: ({ reason }: { reason: string }) => `Client metadata document refused: ${reason}`,
      pl: ({ reason }) => `Odrzucono dokument metadanych klienta: ${reason}`,
    }),
  },
  invalid_grant: {
    code_reused: say({
      en: () => 'The authorization code was already used; the tokens it gave are revoked.',
      pl: () => 'Kod autoryzacji został już użyty; wydane na niego tokeny są unieważnione.',
    }),
    code_unknown: say({ en: () => 'The authorization code is unknown, expired or revoked.', pl: () => 'Kod autoryzacji jest nieznany, wygasł albo został unieważniony.' }),
    code_other_client: say({ en: () => 'The authorization code was issued to another client.', pl: () => 'Kod autoryzacji wydano innemu klientowi.' }),
    verifier_missing: say({
      en: () => 'code_verifier is required: this code was issued with a PKCE challenge.',
      pl: () => 'Wymagany jest code_verifier: ten kod wydano z wyzwaniem PKCE.',
    }),
    verifier_mismatch: say({ en: () => 'code_verifier does not match the code_challenge.', pl: () => 'code_verifier nie pasuje do code_challenge.' }),
    redirect_mismatch: say({
      en: () => 'redirect_uri must be the one of the authorization request.',
      pl: () => 'redirect_uri musi być tym samym, co w żądaniu autoryzacji.',
    }),
    refresh_reused: say({
      en: () => 'The refresh token was already used; every token of its grant is revoked.',
      pl: () => 'Token odświeżania został już użyty; wszystkie tokeny tego nadania są unieważnione.',
    }),
    refresh_unknown: say({ en: () => 'The refresh token is unknown, expired or revoked.', pl: () => 'Token odświeżania jest nieznany, wygasł albo został unieważniony.' }),
    refresh_other_client: say({ en: () => 'The refresh token was issued to another client.', pl: () => 'Token odświeżania wydano innemu klientowi.' }),
  },
  unauthorized_client: {
    no_code_flow: say({ en: () => 'This client may not use the authorization code flow.', pl: () => 'Ten klient nie może używać przepływu z kodem autoryzacji.' }),
    grant_type: say({
      en: ({ grantType }: { grantType: string }) => `This client may not use grant_type ${grantType}.`,
      pl: ({ grantType }) => `Ten klient nie może używać grant_type ${grantType}.`,
    }),
    confidential_only: say({
      en: () => 'client_credentials is only for the confidential client.',
      pl: () => 'client_credentials jest tylko dla klienta poufnego.',
    }),
  },
  unsupported_grant_type: {
    grant_type: say({
      en: ({ grantType, supported }: { grantType: string; supported: readonly string[] }) => `grant_type ${grantType} is not supported; use ${supported.join(', ')}.`,
      pl: ({ grantType, supported }) => `grant_type ${grantType} nie jest obsługiwany; użyj ${supported.join(', ')}.`,
    }),
  },
  unsupported_response_type: {
    code_only: say({
      en: () => 'Only response_type=code is supported (with PKCE).',
      pl: () => 'Obsługiwany jest tylko response_type=code (z PKCE).',
    }),
  },
  invalid_scope: {
    refused: say({
      en: ({ scopes, where }: { scopes: string[]; where: 'client' | 'here' }) => `Scope not available ${where === 'client' ? 'to this client' : 'here'}: ${scopes.join(' ')}.`,
      pl: ({ scopes, where }) => `Zakres niedostępny ${where === 'client' ? 'dla tego klienta' : 'tutaj'}: ${scopes.join(' ')}.`,
    }),
  },
  invalid_target: {
    resource: say({
      en: ({ issuer, listed }: { issuer: string; listed: boolean }) =>
        `resource must be ${issuer} or one of its protected paths${listed ? ' (see /.well-known/oauth-protected-resource)' : ''}.`,
      pl: ({ issuer, listed }) =>
        `resource musi być adresem ${issuer} albo jedną z jego chronionych ścieżek${listed ? ' (zob. /.well-known/oauth-protected-resource)' : ''}.`,
    }),
    authorization_resource: say({
      en: () => 'resource must be the one of the authorization request.',
      pl: () => 'resource musi być tym samym, co w żądaniu autoryzacji.',
    }),
    grant_resource: say({
      en: () => 'resource must be the one the grant was issued for.',
      pl: () => 'resource musi być tym, dla którego wydano nadanie.',
    }),
  },
  access_denied: {
    person: say({ en: () => 'The person denied access.', pl: () => 'Osoba odmówiła dostępu.' }),
  },
  invalid_redirect_uri: {
    none: say({ en: () => 'redirect_uris must be a non-empty array of URIs.', pl: () => 'redirect_uris musi być niepustą tablicą adresów URI.' }),
    too_many: say({ en: ({ max }: { max: number }) => `At most ${max} redirect URIs.`, pl: ({ max }) => `Najwyżej ${max} adresów przekierowania.` }),
    refused: say({
      en: ({ uri }: { uri: unknown }) =>
        `Redirect URI ${JSON.stringify(uri).slice(0, 200)} is not allowed: use http on a loopback address (127.0.0.1, [::1], localhost) or a URI the site lists in OAUTH_REDIRECT_URIS; no fragment.`,
      pl: ({ uri }) =>
        `Adres przekierowania ${JSON.stringify(uri).slice(0, 200)} jest niedozwolony: użyj http na adresie pętli zwrotnej (127.0.0.1, [::1], localhost) albo adresu z listy OAUTH_REDIRECT_URIS; bez fragmentu.`,
    }),
  },
  invalid_client_metadata: {
    not_object: say({ en: () => 'The registration request must be a JSON object.', pl: () => 'Żądanie rejestracji musi być obiektem JSON.' }),
    unreadable: say({
      en: ({ cause }: { cause?: { message: string; messageIn(locale: Locale): string } }) => cause?.message ?? 'Unreadable body.',
      pl: ({ cause }) => cause?.messageIn('pl') ?? 'Nie da się odczytać treści.',
    }),
    grant_types: say({
      en: () => 'grant_types may hold only authorization_code and refresh_token (public clients use the code flow with PKCE).',
      pl: () => 'grant_types może zawierać tylko authorization_code i refresh_token (klienci publiczni używają przepływu z kodem i PKCE).',
    }),
    response_types: say({ en: () => 'response_types must be ["code"].', pl: () => 'response_types musi mieć wartość ["code"].' }),
    scope_type: say({ en: () => 'scope must be a space-separated string.', pl: () => 'scope musi być tekstem z wartościami rozdzielonymi spacjami.' }),
    scope_unknown: say({
      en: ({ unknown, known }: { unknown: string[]; known: readonly string[] }) => `Unknown scope ${unknown.join(', ')}; this server knows ${known.join(' ')}.`,
      pl: ({ unknown, known }) => `Nieznany zakres ${unknown.join(', ')}; ten serwer zna ${known.join(' ')}.`,
    }),
    client_name: say({ en: () => 'client_name must be a string.', pl: () => 'client_name musi być tekstem.' }),
  },
} satisfies { [C in OAuthErrorCode]?: Record<string, MessageTemplate<never>> };

type Keys<Table> = { [C in keyof Table & string]: `${C}.${keyof Table[C] & string}` }[keyof Table & string];
type Params<Table, Key> = Key extends `${infer C}.${infer V}`
  ? C extends keyof Table
    ? V extends keyof Table[C]
      ? Table[C][V] extends MessageTemplate<infer P>
        ? [P] extends [never]
          ? undefined
          : P
        : never
      : never
    : never
  : never;

export type MessageKey = Keys<typeof errorMessages>;
export type OAuthMessageKey = Keys<typeof oauthMessages>;
export type MessageParams<Key extends MessageKey> = Params<typeof errorMessages, Key>;
export type OAuthMessageParams<Key extends OAuthMessageKey> = Params<typeof oauthMessages, Key>;
/** The parameters after a key: optional when the sentence needs none. */
export type ArgsOf<P, Options> = [P] extends [undefined] ? [params?: undefined, options?: Options] : [params: P, options?: Options];

export interface Written {
  code: string;
  messages: Record<Locale, string>;
  hint?: string;
}

/** The sentences of a key with its parameters. */
export function write(table: Record<string, Record<string, MessageTemplate<never>>>, key: string, params: unknown): Written {
  const [code, variant] = key.split('.') as [string, string];
  const template = table[code]![variant]! as MessageTemplate<unknown>;
  return { code, messages: { en: template.en(params), pl: template.pl(params) }, hint: template.hint?.(params) };
}
