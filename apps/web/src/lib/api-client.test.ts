import { routes } from '@clinic/shared';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/utils';
import { call, ContractMismatch, pathOf } from './api-client';

const speciality = {
  _id: '11111111-1111-4111-8111-111111111111', publicId: 'SPC-000001', name: 'Cardiology', description: '', certificationRequirements: '',
  medicalProcedures: '', requiredEquipment: '', requiredStaff: [], clinics: [], doctors: [], isActive: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1,
};

describe('the contract client', () => {
  it('fills path parameters, each encoded as one segment', () => {
    expect(pathOf(routes.specializations.get, { id: 'a/b c' })).toBe('/specializations/a%2Fb%20c');
    expect(() => pathOf(routes.specializations.get, {})).toThrow(/Missing path parameter id/);
  });

  it('answers what the API answered when it matches the contract', async () => {
    mockFetch(() => jsonResponse(200, { success: true, data: speciality }));
    const reply = await call(routes.specializations.get, { params: { id: speciality._id } }, { silent: true });
    expect(reply.data.name).toBe('Cardiology');
  });

  it('fails loudly in tests when the API answers outside the contract', async () => {
    mockFetch(() => jsonResponse(200, { success: true, data: { ...speciality, name: 42 } }));
    const reply = call(routes.specializations.get, { params: { id: speciality._id } }, { silent: true });
    await expect(reply).rejects.toBeInstanceOf(ContractMismatch);
    await expect(reply).rejects.toThrow('GET /api/specializations/:id answered outside its contract: data.name');
  });
});
