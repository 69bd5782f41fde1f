/**
 * Every documented operation, in the order of the route table: each route's operations that carry
 * documentation, with the path, scope, token level and rate-limit family the table gives them.
 */
import { routes } from '../http/routes';
import type { Operation } from './operation';

export const operations: Operation[] = routes.flatMap((route) =>
  route.operations.flatMap((operation): Operation[] => {
    if (!operation.doc) return [];
    const doc = typeof operation.doc === 'function' ? operation.doc(route.path) : operation.doc;
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
