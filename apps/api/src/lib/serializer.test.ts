import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.js';

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/test' } as never);

describe('response serializer', () => {
  const ref = z.object({ _id: z.string(), name: z.string() });
  const record = z.object({
    _id: z.string(),
    count: z.number(),
    doctor: ref.nullable(),
    tags: z.array(ref),
    status: z.enum(['scheduled', 'completed']),
    note: z.string().nullable(),
  });

  it('writes only the declared properties, however deep, so nothing else a query returned leaves the server', () => {
    const out = compile(record)({
      _id: 'a', count: 2, doctor: { _id: 'd', name: 'Dr. Omar', passwordHash: 'scrypt$…' }, tags: [{ _id: 't', name: 'x', companyId: 'c' }],
      status: 'completed', note: null, passwordHash: 'scrypt$…', companyId: 'other',
    });
    expect(JSON.parse(out)).toEqual({ _id: 'a', count: 2, doctor: { _id: 'd', name: 'Dr. Omar' }, tags: [{ _id: 't', name: 'x' }], status: 'completed', note: null });
  });

  it('writes null for a nullable object and escapes text', () => {
    const out = compile(record)({ _id: '"quoted"\n', count: 0, doctor: null, tags: [], status: 'scheduled', note: 'مرحبا </script>' });
    expect(JSON.parse(out)).toEqual({ _id: '"quoted"\n', count: 0, doctor: null, tags: [], status: 'scheduled', note: 'مرحبا </script>' });
  });

  it('fails a response that lacks a declared property rather than sending half a record', () => {
    expect(() => compile(record)({ _id: 'a', count: 1, doctor: null, tags: [], note: null })).toThrow();
  });

  it('falls back to zod for what JSON Schema cannot express, and still strips', () => {
    const withDate = z.object({ when: z.date() });
    expect(JSON.parse(compile(withDate)({ when: new Date('2026-11-23T10:00:00Z'), extra: 1 }))).toEqual({ when: '2026-11-23T10:00:00.000Z' });
  });
});
