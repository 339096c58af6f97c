import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import { inTransaction } from '../lib/transaction.js';
import { createAccount, createOrganisation, type NewAccount } from '../modules/organisation/provision.js';
import { seedOrganisation } from './organisation.js';
import { seedInvitation, seedEmployees } from './employees.js';
import { seedPatients } from './patients.js';
import { seedScheduling } from './scheduling.js';
import { seedWaitlist } from './waitlist.js';
import { seedReminders } from './reminders.js';
import { seedWaitingRoom } from './waiting-room.js';
import { seedOnlineBooking } from './online-booking.js';
import { seedBilling } from './billing.js';
import { seedDoctorShares } from './doctor-shares.js';
import { seedClinicalObservations } from './clinical-observations.js';
import { seedDiagnoses } from './clinical-diagnoses.js';
import { seedMedications } from './clinical-medications.js';
import { seedEncounters } from './clinical-encounter.js';
import { seedPrescriptions } from './clinical-prescriptions.js';
import { seedOrders } from './clinical-orders.js';

export const DEMO_ADMIN = {
  name: 'Sara Al-Harbi',
  username: 'admin',
  email: 'admin@demo.clinic',
  password: 'Demo@1234',
} as const;

/** Further demo accounts, one or more per seeded role, all with the demo password. */
const DEMO_ACCOUNTS: Array<Omit<NewAccount, 'password'>> = [
  { name: 'Dr. Omar Haddad', username: 'doctor', email: 'omar.haddad@demo.clinic', employeeType: 'Doctor', roleNames: ['Doctor'] },
  { name: 'Layla Mansour', username: 'reception', email: 'layla.mansour@demo.clinic', employeeType: 'Administrative', roleNames: ['Receptionist'] },
  { name: 'Fatima Zahra', username: 'nurse', email: 'fatima.zahra@demo.clinic', employeeType: 'Nurse', roleNames: ['Nurse'] },
  { name: 'Khalid Nasser', username: 'accountant', email: 'khalid.nasser@demo.clinic', employeeType: 'Employee', roleNames: ['Accountant'] },
  { name: 'Dr. Emily Carter', username: 'ecarter', email: 'emily.carter@demo.clinic', employeeType: 'Doctor', roleNames: ['Doctor'] },
  { name: 'Dr. Youssef Amin', username: 'yamin', email: 'youssef.amin@demo.clinic', employeeType: 'Doctor', roleNames: ['Doctor'] },
  { name: 'Noura Al-Qahtani', username: 'nalqahtani', email: 'noura.qahtani@demo.clinic', employeeType: 'Administrative', roleNames: ['Receptionist'] },
  { name: 'James Wilson', username: 'jwilson', email: 'james.wilson@demo.clinic', employeeType: 'Technician', roleNames: ['Nurse'] },
  { name: 'Mariam Saleh', username: 'msaleh', email: 'mariam.saleh@demo.clinic', employeeType: 'Nurse', roleNames: ['Nurse'] },
  { name: 'Hassan Ibrahim', username: 'hibrahim', email: 'hassan.ibrahim@demo.clinic', employeeType: 'Admin', roleNames: ['Admin'] },
  { name: 'Aisha Rahman', username: 'arahman', email: 'aisha.rahman@demo.clinic', employeeType: 'Employee', roleNames: ['Accountant'] },
  { name: 'Dr. Daniel Brooks', username: 'dbrooks', email: 'daniel.brooks@demo.clinic', employeeType: 'Doctor', roleNames: ['Doctor'] },
];

export interface DemoSeedResult {
  created: boolean;
  companyId: string;
}

/** The demo organisation already there (found by its administrator, or any organisation at all), if any. */
async function existingOrganisation(db: Db): Promise<string | null> {
  const existing = await db.execute<{ company_id: string }>(
    sql`select company_id from employees where lower(username) = ${DEMO_ADMIN.username} limit 1`,
  );
  const found = (existing as unknown as { rows: Array<{ company_id: string }> }).rows[0];
  if (found) return found.company_id;
  const anyCompany = await db.select({ id: companies.id }).from(companies).limit(1);
  return anyCompany[0]?.id ?? null;
}

/**
 * Creates the demo organisation once; later starts find it and leave everything as it is. It is built in one
 * transaction, under a lock that servers starting together take in turn: a first start killed half-way (Ctrl-C while
 * it seeds) leaves nothing behind, and the next start builds the whole demo instead of finding half of one.
 */
export async function seedDemo(db: Db): Promise<DemoSeedResult> {
  const found = await existingOrganisation(db);
  if (found) return { created: false, companyId: found };
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:demo'))`);
    const foundNow = await existingOrganisation(tx);
    if (foundNow) return { created: false, companyId: foundNow };
    return { created: true, companyId: await buildDemo(tx) };
  });
}

async function buildDemo(db: Db): Promise<string> {
  const { company, admin, roleIds } = await createOrganisation(db, {
    name: 'Al Noor Medical Group',
    plan: 'company',
    timeZone: 'Asia/Riyadh',
    admin: DEMO_ADMIN,
  });
  for (const account of DEMO_ACCOUNTS) {
    await createAccount(db, company.id, roleIds, { ...account, password: DEMO_ADMIN.password });
  }
  await seedOrganisation(db, company.id);
  await seedEmployees(db, company.id);
  await seedInvitation(db, company.id, roleIds, admin.id);
  await seedPatients(db, company.id);
  await seedScheduling(db, company.id);
  await seedWaitlist(db, company.id);
  await seedReminders(db, company.id);
  await seedWaitingRoom(db, company.id);
  await seedOnlineBooking(db, company.id);
  await seedBilling(db, company.id);
  await seedDoctorShares(db, company.id);
  await seedEncounters(db, company.id);
  await seedClinicalObservations(db, company.id);
  await seedDiagnoses(db, company.id);
  await seedMedications(db, company.id);
  await seedPrescriptions(db, company.id);
  await seedOrders(db, company.id);
  return company.id;
}
