/**
 * What the server's own pages and views say, taken from the interface strings: the consent page and
 * the error page of OAuth, the words of the MCP Apps views, the word over a social image. Each is
 * asserted as a person meets it.
 */
import { describe, expect, it } from 'vitest';
import { consultationBookingHtml } from '../../src/server/mcp/ui/consultation-booking';
import { serviceInquiryHtml } from '../../src/server/mcp/ui/service-inquiry';
import { consentPage, errorPage } from '../../src/server/oauth/consent-page';
import { kindLabel } from '../../src/server/catalog/page-meta';

const request = { siteName: 'Pracownia', clientId: 'https://client.example/meta.json', redirectUri: 'https://client.example/cb', scopes: [], parameters: [], action: '/oauth/authorize' };

describe('the OAuth pages', () => {
  it('names an unnamed client and says what the person decides, in each language', () => {
    const pl = consentPage({ ...request, locale: 'pl' });
    expect(pl).toContain('<h1>Zgoda na dostęp</h1>\n<p>Aplikacja <strong>Aplikacja bez nazwy</strong> prosi o dostęp do usług strony w Twoim imieniu.');
    expect(pl).toContain('<p class="muted">Po decyzji wrócisz do: <code>https://client.example</code></p>');
    expect(pl).toContain('<p class="muted">Dostęp wygasa po godzinie; aplikacja może go odnawiać, dopóki korzysta z niego co najmniej raz na 30 dni.</p>');
    const en = consentPage({ ...request, locale: 'en', clientName: 'Tools & <Co>' });
    expect(en).toContain("<p>The application <strong>Tools &#38; &#60;Co&#62;</strong> asks to use this site's services on your behalf.");
    expect(en).toContain('<title>Allow access · Pracownia</title>');
  });

  it('explains a request it cannot send back, in each language', () => {
    const error = { error: 'invalid_request', message: 'redirect_uri is not registered' };
    expect(errorPage('pl', 'Pracownia', error, '/')).toContain('<h1>Nie można kontynuować</h1>\n<p>Żądanie autoryzacji jest nieprawidłowe, więc nie odsyłamy Cię do aplikacji.</p>\n<p class="error">Szczegóły techniczne: <code>invalid_request</code>');
    expect(errorPage('en', 'Pracownia', error, '/en/')).toContain('<a class="button deny" href="/en/">Home page</a>');
  });
});

/** The strings object a view's script carries, as the browser evaluates it. */
function viewStrings(html: string): Record<'pl' | 'en', Record<string, string>> {
  const literal = /const strings = (.*);\nlet text/.exec(html)![1]!;
  return JSON.parse(literal);
}

describe('the MCP Apps views', () => {
  it.each([
    ['consultation booking', consultationBookingHtml],
    ['service inquiry', serviceInquiryHtml],
  ])('%s has words in both languages for every labelled element', (_, html) => {
    const strings = viewStrings(html);
    const used = [...html.matchAll(/data-t(?:-placeholder)?="(\w+)"/g)].map((match) => match[1]!);
    expect(used.length).toBeGreaterThan(5);
    for (const locale of ['pl', 'en'] as const) expect(used.filter((key) => !strings[locale][key])).toEqual([]);
    expect(Object.keys(strings.pl).sort()).toEqual(Object.keys(strings.en).sort());
  });

  it('says what the booking view shows and asks, as before', () => {
    const { pl, en } = viewStrings(consultationBookingHtml);
    expect([pl.pick, pl.loading, pl.invalid]).toEqual(['Wybierz termin:', 'Szukam wolnych terminów…', 'Podaj imię i nazwisko (min. 3 znaki) i poprawny e-mail.']);
    expect([en.linkOnly, en.none]).toEqual(['Online booking is not available. Book here:', 'No free slots in this period.']);
    expect(viewStrings(serviceInquiryHtml).pl.supportAreaPlaceholder).toBe('np. strona internetowa, wsparcie IT');
  });

  it('cannot close its script element with a string', () => {
    expect(consultationBookingHtml.match(/<\/script>/g)).toHaveLength(1);
    expect(serviceInquiryHtml.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('the word over a social image', () => {
  it('names the kind of page in its language', () => {
    expect([kindLabel('pl', 'home'), kindLabel('pl', 'case_study'), kindLabel('pl', 'caseStudies'), kindLabel('pl', 'page')]).toEqual(['Pracownia', 'Realizacja', 'Realizacje', 'Informacje']);
    expect([kindLabel('en', 'home'), kindLabel('en', 'tag'), kindLabel('en', 'page')]).toEqual(['Studio', 'Topic', 'About']);
  });
});
