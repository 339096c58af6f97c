/** The routes that change or delete one record by id, the same in every area that has them. */
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import { idParams, messageOnlySchema, okSchema, type BodyOut, type ReplyIn, type RouteSpec } from '@clinic/shared';
import { callerOf } from '../plugins/auth.js';
import type { App, Caller } from './app-types.js';
import { serve } from './contract-routes.js';
import { t } from './i18n.js';
import { requestContext, type RequestContext } from './request-context.js';

interface RecordRoute {
  tags: string[];
  config: FastifyContextConfig;
  /** The key of the translated message the answer carries. */
  message: string;
}

/** PUT (and any other `methods`) of `url` (with `:id`): saves the body and answers the saved record and a message. */
export function updateRoute<B extends z.ZodType, R extends z.ZodType>(
  app: App,
  url: string,
  route: RecordRoute & { body: B; record: R; methods?: ReadonlyArray<'put' | 'patch'> },
  update: (ctx: RequestContext, caller: Caller, id: string, body: z.infer<B>) => Promise<z.input<R>>,
) {
  for (const method of route.methods ?? ['put']) {
    app.route({
      method: method.toUpperCase() as 'PUT' | 'PATCH',
      url,
      config: route.config,
      schema: { tags: route.tags, params: idParams, body: route.body, response: { 200: okSchema(route.record) as z.ZodType } },
      handler: async (req) => ({
        success: true as const,
        message: t(req, route.message),
        data: await update(requestContext(req), callerOf(req), (req.params as z.infer<typeof idParams>).id, req.body as z.infer<B>),
      }),
    });
  }
}

/** DELETE of `url` (with `:id`): removes the record and answers a message. */
export function deleteRoute(app: App, url: string, route: RecordRoute, remove: (ctx: RequestContext, caller: Caller, id: string) => Promise<unknown>) {
  app.delete(url, {
    config: route.config,
    schema: { tags: route.tags, params: idParams, response: { 200: messageOnlySchema } },
    handler: async (req) => {
      await remove(requestContext(req), callerOf(req), req.params.id);
      return { success: true as const, message: t(req, route.message) };
    },
  });
}

/** A contract route that changes one record by `:id` and answers it (`{ success, message, data }`). */
type UpdateSpec = RouteSpec & { params: typeof idParams; body: z.ZodType };

/** Serves a contract route that saves the body to the record `:id` and answers the saved record and a message. */
export function serveUpdate<R extends UpdateSpec>(
  app: App, spec: R, message: string,
  update: (ctx: RequestContext, caller: Caller, id: string, body: BodyOut<R>) => Promise<unknown>,
) {
  serve(app, spec, async (req) => ({
    success: true as const,
    message: t(req, message),
    data: await update(requestContext(req), callerOf(req), (req.params as z.infer<typeof idParams>).id, req.body),
  }) as ReplyIn<R>);
}

/** Serves a contract route that removes the record `:id` and answers a message. */
export function serveDelete<R extends RouteSpec & { params: typeof idParams }>(
  app: App, spec: R, message: string, remove: (ctx: RequestContext, caller: Caller, id: string) => Promise<unknown>,
) {
  serve(app, spec, async (req) => {
    await remove(requestContext(req), callerOf(req), (req.params as z.infer<typeof idParams>).id);
    return { success: true as const, message: t(req, message) } as ReplyIn<R>;
  });
}
