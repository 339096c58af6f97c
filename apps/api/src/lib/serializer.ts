import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are written by a function compiled once per route from its response schema (fast-json-stringify), rather
 * than by re-encoding every response through zod and then `JSON.stringify`. Like zod's strip, only the properties the
 * schema declares are written, so a field a query happens to carry never leaves the server; a declared property that
 * is missing still fails the response (500), as before.
 *
 * A schema JSON Schema cannot express (a transform, a custom check) falls back to zod's encode plus `JSON.stringify`.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let writer = compiled.get(schema);
  if (!writer) {
    writer = compile(schema);
    compiled.set(schema, writer);
  }
  return writer;
};

/**
 * Writers already compiled, by schema: a writer depends on its schema alone, and most routes share theirs (module
 * constants). Compiling one (zod to JSON Schema, then fast-json-stringify with its own validator) is most of the cost
 * of building an app, which a process that builds several (the test suite: one per file) then pays once per schema.
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

function compile(zodSchema: z.ZodType): (data: unknown) => string {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' }) as Record<string, unknown>;
  } catch {
    return (data: unknown) => JSON.stringify(z.encode(zodSchema, data as never));
  }
  return fastJson(withoutClosedObjects(jsonSchema)) as (data: unknown) => string;
}

/**
 * Drops `additionalProperties: false`: the writer leaves undeclared properties out anyway, while inside a nullable or
 * union branch the keyword would make it reject an object that merely carries one more field, where zod stripped it.
 */
function withoutClosedObjects<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutClosedObjects) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = withoutClosedObjects(value);
  }
  return out as T;
}
