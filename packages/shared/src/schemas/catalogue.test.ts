import { describe, expect, it } from 'vitest';
import { translate } from '../messages/index.js';
import { serviceCreateInput } from './service.js';
import { specializationCreateInput } from './specialization.js';

/** Field path -> English message of the first issue on it. */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= translate(issue.message, 'en');
  return out;
}

const CLINIC = '11111111-1111-4111-8111-111111111111';
const DOCTOR = '22222222-2222-4222-8222-222222222222';

describe('service form', () => {
  const service = { name: 'Cardiology check-up', description: 'Heart check with ECG', price: '300', clinic: CLINIC, doctors: [DOCTOR] };

  it('accepts a service, the price typed as text', () => {
    expect(serviceCreateInput.parse(service)).toMatchObject({ price: 300, doctors: [DOCTOR], isActive: true, bufferBeforeMinutes: 0 });
  });

  it("states the spec's rules: required fields, a positive price, at least one doctor", () => {
    expect(errorsOf(serviceCreateInput.safeParse({ doctors: [] }))).toEqual({
      name: 'Name is required',
      description: 'Description is required',
      price: 'Price is required',
      clinic: 'Clinic is required',
      doctors: 'At least one doctor must be selected',
    });
    expect(errorsOf(serviceCreateInput.safeParse({ ...service, price: '-5' }))).toEqual({ price: 'Price must be positive' });
    expect(errorsOf(serviceCreateInput.safeParse({ ...service, price: 'abc' }))).toEqual({ price: 'Price must be a number' });
  });
});

describe('speciality form', () => {
  const speciality = {
    name: 'Cardiology', description: 'Care of the heart and vessels', certificationRequirements: 'Board certified', medicalProcedures: 'ECG, echo',
    requiredEquipment: 'ECG machine', requiredStaff: [DOCTOR],
  };

  it('accepts a speciality', () => {
    expect(specializationCreateInput.safeParse(speciality).success).toBe(true);
  });

  it('wants a name of 2 characters, a description of 10 (as its message says), texts of 5 and the staff', () => {
    const errors = errorsOf(
      specializationCreateInput.safeParse({ name: 'C', description: 'Too short', certificationRequirements: 'abc', medicalProcedures: 'abc', requiredEquipment: 'abc', requiredStaff: [] }),
    );
    expect(errors).toEqual({
      name: 'Name must be at least 2 characters',
      description: 'Description must be at least 10 characters',
      certificationRequirements: 'Certification requirements must be at least 5 characters',
      medicalProcedures: 'Medical procedures must be at least 5 characters',
      requiredEquipment: 'Required equipment must be at least 5 characters',
      requiredStaff: 'At least one staff member must be selected',
    });
  });
});
