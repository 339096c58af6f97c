/**
 * Registers an API route from its entry in the route contract (`routes` in `@clinic/shared`): method, path,
 * validation of parameters, query and body, the response schema (serialisation and OpenAPI) and who may call it all
 * come from the entry; the module gives only the handler. A route that is not in the contract cannot be served
 * (`contract.test.ts` fails on one).
 */
import type { FastifyContextConfig, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { Access, BodyOut, ParamsOut, QueryOut, ReplyIn, RouteSpec } from '@clinic/shared';
import type { App } from './app-types.js';

/** The request as the handler sees it: parameters, query and body parsed by the contract's schemas. */
export type ContractRequest<R extends RouteSpec> = FastifyRequest<{ Params: ParamsOut<R>; Querystring: QueryOut<R>; Body: BodyOut<R> }>;

/** A handler answers the response body (status 200, or the route's only success status) or sends through `reply`. */
export type ContractHandler<R extends RouteSpec> = (req: ContractRequest<R>, reply: FastifyReply) => Promise<ReplyIn<R> | FastifyReply>;

export interface ServeOptions {
  /** Route settings other than access (which the contract holds): rate limits, `accessNeutral`, `stream`. */
  config?: Omit<FastifyContextConfig, 'public' | 'permission' | 'stepUp' | 'duringEnrolment'>;
  /** Schema settings the contract does not describe (for example `consumes` of an upload). */
  schema?: Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'>;
  /** Route options of Fastify's own: `compress: false` for a file served as stored, an `onRequest` check before the body. */
  route?: Pick<RouteShorthandOptions, 'compress' | 'onRequest'>;
}

function accessConfig(spec: RouteSpec): Pick<FastifyContextConfig, 'public' | 'permission' | 'stepUp' | 'duringEnrolment'> {
  const access: Access = spec.access;
  return {
    ...(access === 'public' ? { public: true } : { permission: access }),
    ...(spec.stepUp && { stepUp: true }),
    ...(spec.duringEnrolment && { duringEnrolment: true }),
  };
}

export function serve<R extends RouteSpec>(app: App, spec: R, handler: ContractHandler<R>, options: ServeOptions = {}): void {
  const schema: FastifySchema = {
    ...(spec.tags ? { tags: [...spec.tags] } : {}),
    ...options.schema,
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body && spec.body !== 'form-data' ? { body: spec.body } : {}),
    ...(typeof spec.response === 'object' ? { response: spec.response } : {}),
  };
  app.route({
    ...options.route,
    method: spec.method,
    url: spec.path,
    config: { ...options.config, ...accessConfig(spec) },
    schema,
    handler: handler as never,
  });
}
