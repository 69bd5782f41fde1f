/**
 * Every documented operation, in the order of the route table: each route's operations that carry
 * documentation (route-docs.ts), with the path, scope, token level and rate-limit family the table
 * gives them.
 */
import { routes } from '../http/route-table';
import type { Operation } from './operation';
import { routeDocs } from './route-docs';

// A documentation entry for an operation the table does not have would never be published.
const undocumentable = Object.entries(routeDocs).flatMap(([path, methods]) =>
  Object.keys(methods)
    .filter((method) => !routes.some((route) => route.path === path && route.operations.some((operation) => operation.method === method)))
    .map((method) => `${method} ${path}`));
if (undocumentable.length > 0) throw new Error(`route-docs.ts documents operations the route table lacks: ${undocumentable.join(', ')}`);

export const operations: Operation[] = routes.flatMap((route) =>
  route.operations.flatMap((operation): Operation[] => {
    const routeDoc = routeDocs[route.path]?.[operation.method];
    if (!routeDoc) return [];
    const doc = typeof routeDoc === 'function' ? routeDoc(route.path) : routeDoc;
    return [{
      ...doc,
      method: operation.method,
      path: route.path,
      scopes: operation.scope ?? [],
      writes: operation.writes,
      ...(operation.token ? { token: operation.token } : {}),
      ...(route.family ? { rateLimit: route.family } : {}),
    }];
  }),
);

export type { Operation, OperationDoc, OperationResponse } from './operation';
export { errorResponses, jsonBodyErrors, preflightDoc } from './responses';
