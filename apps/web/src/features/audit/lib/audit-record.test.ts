import { describe, expect, it } from 'vitest';
import { describeAuditRecord } from './audit-record';

const id = '0b6f2c1e-7d4a-4c2b-9f57-3a1d2e4b5c6d';

describe('describeAuditRecord', () => {
  it('names the record from the changes and links its details page', () => {
    expect(describeAuditRecord({ action: 'create', entity: 'patient', entityId: id, changes: { after: { publicId: 'PAT-000301', name: 'Layla Mansour' } } })).toEqual({
      name: 'Layla Mansour',
      publicId: 'PAT-000301',
      readableId: null,
      path: `/patients/details/${id}`,
    });
  });

  it('with only an id, gives no name but still the details page of each kind of record', () => {
    const only = (entity: string) => describeAuditRecord({ action: 'update', entity, entityId: id, changes: { before: { isActive: true }, after: { isActive: false } } });
    expect(only('employee')).toMatchObject({ name: null, publicId: null, readableId: null, path: `/employees/details/${id}` });
    expect(only('clinic_collection').path).toBe(`/medicalComplexes/details/${id}`);
    expect(only('department').path).toBe(`/departements/details/${id}`);
    expect(only('specialization').path).toBe(`/specialities/details/${id}`);
    expect(only('company').path).toBe('/company');
    expect(only('session')).toMatchObject({ path: null, readableId: null });
  });

  it('does not link a deleted record, but names it from what the entry kept', () => {
    expect(describeAuditRecord({ action: 'delete', entity: 'service', entityId: id, changes: { before: { name: 'Cleaning' } } })).toMatchObject({ name: 'Cleaning', path: null });
  });

  it('shows identifiers that are not database ids as they are', () => {
    expect(describeAuditRecord({ action: 'permission_denied', entity: 'route', entityId: 'GET /api/audit', changes: null })).toMatchObject({ readableId: 'GET /api/audit', path: null });
  });
});
