import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { lookupOptions, type LookupKind, type LookupQuery } from './lookups';

/** A lookup's request, as its query runs it. */
const fetchLookup = (kind: LookupKind, query?: LookupQuery) => () =>
  lookupOptions(kind, query).queryFn!({ signal: new AbortController().signal } as never) as Promise<unknown>;

describe('the lookup requests', () => {
  it('are the same bytes they have always been', async () => {
    const byName = { sortBy: 'name', order: 'asc' } as const;
    expect(await requestLines([
      fetchLookup('clinics', byName),
      fetchLookup('doctors', { isActive: true, ...byName }),
      fetchLookup('staff', byName),
      fetchLookup('services'),
      fetchLookup('specializations', byName),
      fetchLookup('departments', byName),
      fetchLookup('complexes', byName),
      fetchLookup('roles'),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/clinics?allData=true&sortBy=name&order=asc",
        "GET /api/employees?allData=true&employeeType=Doctor&isActive=true&sortBy=name&order=asc",
        "GET /api/employees?allData=true&sortBy=name&order=asc",
        "GET /api/services?allData=true",
        "GET /api/specializations?allData=true&sortBy=name&order=asc",
        "GET /api/departments?allData=true&sortBy=name&order=asc",
        "GET /api/cliniccollections?allData=true&sortBy=name&order=asc",
        "GET /api/roles?allData=true",
      ]
    `);
  });
});
