import type { z } from 'zod';
import type { Permission } from '../constants.js';

/**
 * The route contract: each API route written once, as data. The API registers its routes from these entries
 * (`apps/api/src/lib/contract-routes.ts`: validation, permission, OpenAPI) and the web client derives its calls and
 * their types from the same entries (`apps/web/src/lib/api-client.ts`), so a path or a shape cannot drift between them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone (`public`), any signed-in user (`authenticated`), or a holder of any of the permissions. */
export type Access = 'public' | 'authenticated' | Permission | readonly Permission[];

/** The successful answers by HTTP status, each a schema of the JSON body. */
export type Responses = { readonly [status: number]: z.ZodType };

export interface RouteSpec {
  method: Method;
  /** The full path with `:name` parameters, as the specification names it. */
  path: `/api/${string}`;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body's schema, or `form-data` for a multipart form (uploads), which the route reads itself. */
  body?: z.ZodType | 'form-data';
  /**
   * With `body: 'form-data'`: the JSON body the route also reads (itself, as it reads the form), for a caller that
   * sends no file (for example a status switch).
   */
  jsonBody?: z.ZodType;
  /**
   * The successful answers: JSON schemas by status, or `file` for a download (CSV, PDF, calendar), `stream` for
   * server-sent events, `redirect` for a 3xx answer.
   */
  response: Responses | 'file' | 'stream' | 'redirect';
  /** The OpenAPI group. */
  tags?: readonly string[];
  /**
   * A sensitive change (signing a note, a refund, a role change, a backup): the caller must have proved who they are
   * in this session within the organisation's step-up minutes, else 403 STEP_UP_REQUIRED.
   */
  stepUp?: true;
  /** Open to a session that must enrol a second factor first (every other route answers 403 SECOND_FACTOR_ENROLMENT_REQUIRED). */
  duringEnrolment?: true;
}

/** Declares one route; the literal types of path and schemas are kept, so both sides are typed from them. */
export function route<const R extends RouteSpec>(spec: R): R {
  return spec;
}

type SchemaOf<R, K extends string> = R extends { [P in K]: infer S } ? (S extends z.ZodType ? S : never) : never;

/** What the caller sends (before the API's parsing: coercions and defaults not yet applied). */
export type ParamsIn<R extends RouteSpec> = [SchemaOf<R, 'params'>] extends [never] ? undefined : z.input<SchemaOf<R, 'params'>>;
export type QueryIn<R extends RouteSpec> = [SchemaOf<R, 'query'>] extends [never] ? undefined : z.input<SchemaOf<R, 'query'>>;
export type BodyIn<R extends RouteSpec> = R extends { body: 'form-data' }
  ? FormData | ([SchemaOf<R, 'jsonBody'>] extends [never] ? never : z.input<SchemaOf<R, 'jsonBody'>>)
  : [SchemaOf<R, 'body'>] extends [never] ? undefined : z.input<SchemaOf<R, 'body'>>;

/** What the handler receives (after parsing). */
export type ParamsOut<R extends RouteSpec> = [SchemaOf<R, 'params'>] extends [never] ? unknown : z.output<SchemaOf<R, 'params'>>;
export type QueryOut<R extends RouteSpec> = [SchemaOf<R, 'query'>] extends [never] ? unknown : z.output<SchemaOf<R, 'query'>>;
export type BodyOut<R extends RouteSpec> = [SchemaOf<R, 'body'>] extends [never] ? unknown : z.output<SchemaOf<R, 'body'>>;

type JsonResponses<R extends RouteSpec> = R['response'] extends Responses ? R['response'] : never;
/** What the handler may answer (serialised through the response schema). */
export type ReplyIn<R extends RouteSpec> = [JsonResponses<R>] extends [never] ? unknown : z.input<JsonResponses<R>[keyof JsonResponses<R>]>;
/** What the caller reads from a JSON answer. */
export type ReplyOut<R extends RouteSpec> = [JsonResponses<R>] extends [never] ? Blob : z.output<JsonResponses<R>[keyof JsonResponses<R>]>;

/** The path with its parameters filled in (each encoded as one path segment). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Every route of a catalogue (an object of areas, each an object of routes), flattened with its name (`area.name`). */
export function listRoutes(catalogue: Record<string, Record<string, RouteSpec>>): Array<{ name: string; spec: RouteSpec }> {
  return Object.entries(catalogue).flatMap(([area, routes]) => Object.entries(routes).map(([name, spec]) => ({ name: `${area}.${name}`, spec })));
}
