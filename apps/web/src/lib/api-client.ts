import type { z } from 'zod';
import { fillPath, type BodyIn, type ParamsIn, type QueryIn, type ReplyOut, type RouteSpec } from '@clinic/shared';
import { request, requestFile, type RequestOptions } from './http';

/**
 * Calls an API route through its entry in the route contract (`routes` from `@clinic/shared`): the path, method and
 * the types of what is sent and answered come from the entry, so a call cannot name a route the API does not serve or
 * send a shape it does not accept. In development and tests the answer is also checked against the entry's response
 * schema, so an API answering something else fails at once rather than on a screen.
 *
 *     const page = await call(routes.specializations.list, { query });
 *     await call(routes.specializations.update, { params: { id }, body: input });
 */

type QueryValue = string | number | boolean | null | undefined;

type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
/** The parts of a request: `params` and `body` when the route has them, `query` always optional. */
export type CallInput<R extends RouteSpec> = Slot<'params', ParamsIn<R>> & Slot<'body', BodyIn<R>> & { query?: QueryIn<R> };

export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'query'>;

const CHECK_REPLIES = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** The path below the client's base (`/api`), parameters filled in. */
export function pathOf(spec: RouteSpec, params?: unknown): string {
  return fillPath(spec.path, params as Record<string, unknown> | undefined).replace(/^\/api/, '');
}

/** A reply that does not match the contract: the API and the web app disagree about this route. */
export class ContractMismatch extends Error {
  constructor(spec: RouteSpec, issues: string) {
    super(`${spec.method} ${spec.path} answered outside its contract: ${issues}`);
    this.name = 'ContractMismatch';
  }
}

function checkReply(spec: RouteSpec, body: unknown): void {
  if (!CHECK_REPLIES || typeof spec.response !== 'object') return;
  const schemas = Object.values(spec.response);
  const results = schemas.map((schema) => schema.safeParse(body));
  if (results.some((r) => r.success)) return;
  const issues = results.flatMap((r) => (r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)));
  throw new ContractMismatch(spec, issues.slice(0, 5).join('; '));
}

export async function call<R extends RouteSpec>(spec: R, input: CallInput<R>, options: CallOptions = {}): Promise<ReplyOut<R>> {
  const parts = input as { params?: unknown; query?: unknown; body?: unknown };
  const body = await request<unknown>(pathOf(spec, parts.params), {
    ...options,
    method: spec.method,
    ...(parts.query !== undefined ? { query: parts.query as Record<string, QueryValue> } : {}),
    ...(parts.body !== undefined ? { body: parts.body } : {}),
  });
  checkReply(spec, body);
  return body as ReplyOut<R>;
}

/**
 * Calls a route with a query made at run time (the lookups' selects pass any list's parameters). The answer is checked
 * in development and tests against `reads` when given (the part of the answer the caller relies on), else against the
 * route's contract.
 */
export async function callWithQuery<R extends RouteSpec>(
  spec: R, query: Record<string, QueryValue>, options: CallOptions = {}, reads?: z.ZodType,
): Promise<ReplyOut<R>> {
  const body = await request<unknown>(pathOf(spec), { ...options, method: spec.method, query });
  checkReply(reads ? { ...spec, response: { 200: reads } } : spec, body);
  return body as ReplyOut<R>;
}

/** Downloads a route whose answer is a file (`response: 'file'`): a CSV export, a PDF, a calendar. */
export function callFile<R extends RouteSpec & { response: 'file' }>(spec: R, input: CallInput<R>, options: Omit<CallOptions, 'successToast'> = {}): Promise<Blob> {
  const parts = input as { params?: unknown; query?: unknown };
  return requestFile(pathOf(spec, parts.params), { ...options, ...(parts.query !== undefined ? { query: parts.query as Record<string, QueryValue> } : {}) });
}
