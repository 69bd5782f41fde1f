/**
 * Every documented operation, in the order of the documents. Each feature file exports
 * `operations: Operation[]`; adding a feature is one import line and one entry in `features`.
 */
import * as ask from './ask';
import * as catalogs from './catalogs';
import * as consultation from './consultation';
import * as mcp from './mcp';
import type { Operation } from './operation';
import * as rest from './rest';

const features: Array<{ operations: Operation[] }> = [rest, mcp, ask, consultation, catalogs];

export const operations: Operation[] = features.flatMap((feature) => feature.operations);

export type { Operation, OperationResponse } from './operation';
export { errorResponses, jsonBodyErrors, oauthScopes, preflight } from './responses';
