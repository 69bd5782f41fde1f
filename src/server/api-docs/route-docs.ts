/**
 * The documentation of each route's operations, by path and method: what /openapi.json, GET /api
 * and the agent instructions say about them. The route table states the facts (methods, scopes,
 * families); this module adds the words. A function of the path documents an operation shared by
 * several routes (aliases, preflights).
 */
import type { HttpMethod } from '../http/route-table';
import { routePaths as p } from '../base/urls';
import * as a2aDocs from './a2a';
import * as askDocs from './ask';
import * as catalogDocs from './catalogs';
import * as chatDocs from './chat';
import * as consultationDocs from './consultation';
import * as mailLinkDocs from './mail-links';
import * as mcpDocs from './mcp';
import * as oauthDocs from './oauth';
import type { OperationDoc } from './operation';
import { preflightDoc } from './responses';
import * as restDocs from './rest';

export type RouteDoc = OperationDoc | ((path: string) => OperationDoc);
type MethodDocs = Partial<Record<HttpMethod, RouteDoc>>;

/** The CORS preflight of a route. */
const preflight = (operationId: string, tags: string[]) => (path: string) => preflightDoc(path, operationId, tags);
/** The MCP endpoint and its aliases: one server, the same operations. */
const mcpEndpoint = (id: string, note: string): MethodDocs => ({
  GET: mcpDocs.discovery(id, note),
  POST: mcpDocs.jsonRpc(id, note),
  OPTIONS: mcpDocs.preflight(id),
});

export const routeDocs: Record<string, MethodDocs> = {
  [p.subscribe]: { POST: restDocs.subscribe, OPTIONS: preflight('subscribePreflight', ['newsletter']) },
  [p.unsubscribe]: { POST: restDocs.unsubscribe, OPTIONS: preflight('unsubscribePreflight', ['newsletter']) },
  [p.contact]: { POST: restDocs.contact, OPTIONS: preflight('contactPreflight', ['contact']) },
  [p.formChallenge]: { GET: mailLinkDocs.challenge },
  ...Object.fromEntries((['pl', 'en'] as const).flatMap((locale) => [
    [locale === 'pl' ? p.newsletterConfirm : p.newsletterConfirmEn, { GET: mailLinkDocs.confirmPage(locale), POST: mailLinkDocs.confirm(locale) }],
    [locale === 'pl' ? p.newsletterUnsubscribe : p.newsletterUnsubscribeEn, { GET: mailLinkDocs.unsubscribePage(locale), POST: mailLinkDocs.unsubscribeOneClick(locale) }],
    [locale === 'pl' ? p.consultationCancel : p.consultationCancelEn, { GET: mailLinkDocs.cancelBookingPage(locale), POST: mailLinkDocs.cancelBooking(locale) }],
  ])),
  [p.mcp]: mcpEndpoint('Mcp', 'Primary endpoint.'),
  [p.mcpLegacy]: mcpEndpoint('ApiMcp', 'Legacy alias of /mcp.'),
  [p.mcpWellKnown]: mcpEndpoint('WellKnownMcp', 'Well-known alias of /mcp.'),
  [p.mcpServerCard]: { GET: mcpDocs.documents.serverCard },
  [p.wellKnownServerCardJson]: { GET: mcpDocs.documents.serverCardJson },
  [p.wellKnownServerCard]: { GET: mcpDocs.documents.serverCardWellKnown },
  [p.mcpManifest]: { GET: mcpDocs.documents.manifest },
  [p.mcpConnectors]: { GET: mcpDocs.documents.connectors },
  [p.agentCard]: { GET: mcpDocs.documents.agentCard },
  [p.agentJson]: { GET: mcpDocs.documents.agentJson },
  [p.aiPlugin]: { GET: mcpDocs.documents.aiPlugin },
  [p.ask]: { POST: askDocs.ask, GET: askDocs.askGet, OPTIONS: askDocs.preflight },
  [p.a2a]: { POST: a2aDocs.a2a, GET: a2aDocs.about, OPTIONS: a2aDocs.preflight },
  [p.slots]: { GET: consultationDocs.slots, OPTIONS: preflight('preflightConsultationSlots', ['Consultation']) },
  [p.book]: { POST: consultationDocs.book, OPTIONS: preflight('preflightConsultationBook', ['Consultation']) },
  [p.chat]: { POST: chatDocs.chat, OPTIONS: preflight('preflightChat', ['Chat']) },
  [p.chatStatus]: { GET: chatDocs.status },
  [p.authorizationServer]: { GET: oauthDocs.authorizationServer },
  [p.protectedResource]: { GET: oauthDocs.protectedResource },
  [p.jwks]: { GET: oauthDocs.jwks },
  [p.authorize]: { GET: oauthDocs.authorize, POST: oauthDocs.authorizeConsent },
  [p.token]: { POST: oauthDocs.token, OPTIONS: preflight('tokenPreflight', ['OAuth']) },
  [p.register]: { POST: oauthDocs.register, OPTIONS: preflight('registerPreflight', ['OAuth']) },
  [p.revoke]: { POST: oauthDocs.revoke, OPTIONS: preflight('revokePreflight', ['OAuth']) },
  [p.apiCatalog]: { GET: catalogDocs.apiCatalog },
  [p.errorFormat]: { GET: catalogDocs.errorFormat },
  [p.openapi]: { GET: catalogDocs.openapi },
};
