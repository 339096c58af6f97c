import { insertPatient } from '../modules/appointments/fixtures.js';
import type { NewAccount } from '../modules/organisation/provision.js';
import { signInStaff, twoOrgsTest, type TestContext, type TestOrg } from './harness.js';

/*
 * How the clinical record's tests start: two companies; in the first a doctor and a receptionist signed in and one
 * patient. Awaited where the test file loads; the context closes after the file's tests.
 */

type Staff = Pick<NewAccount, 'name' | 'username' | 'email'>;

export interface ClinicalTest { ctx: TestContext; a: TestOrg; b: TestOrg; doctor: string; reception: string; patientId: string }

export async function clinicalTest(opts: { orgs?: [string, string]; doctor: Staff; reception: Staff; patient: string }): Promise<ClinicalTest> {
  const { ctx, a, b } = await twoOrgsTest(opts.orgs);
  const doctor = await signInStaff(ctx, a, { ...opts.doctor, employeeType: 'Doctor', roleNames: ['Doctor'] });
  const reception = await signInStaff(ctx, a, { ...opts.reception, employeeType: 'Administrative', roleNames: ['Receptionist'] });
  const patientId = (await insertPatient(ctx.database.db, a.companyId, { name: opts.patient })).id;
  return { ctx, a, b, doctor, reception, patientId };
}
