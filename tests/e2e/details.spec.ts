import { Api, expect, runId, signIn, test } from './fixtures';

/*
 * Details pages: deleting the record from its own page goes back to the list without asking the server for the
 * deleted record again (no 404, no console error), for services, specialities, clinics, staff and users. The records
 * (and the clinic and doctor they need) are made through the API first, so each run deletes only what it created.
 */

const stamp = () => runId().toLowerCase();

async function create(api: Api, path: string, data: unknown): Promise<string> {
  return (await api.post(path, data))._id;
}

/** A clinic and a doctor of the test's own, for the records that need them. */
async function clinicAndDoctor(api: Api) {
  const id = runId();
  const clinic = await api.clinic(`Temp Clinic ${id}`);
  return { clinic: clinic._id, doctor: (await api.doctor(clinic, `Dr. Temp ${id}`))._id };
}

interface Case {
  what: string;
  details: (id: string) => string;
  list: RegExp;
  make: (api: Api, id: string) => Promise<string>;
}

const employee = (id: string, extra: Record<string, unknown> = {}) => ({
  name: `Temp Person ${id}`, employeeType: 'Nurse', email: `temp${id}@alnoor.test`, identity: `T-${id}`,
  contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1990-01-01', gender: 'female', address: 'Riyadh',
  hireDate: '2020-01-01', workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }], ...extra,
});

const CASES: Case[] = [
  {
    what: 'service',
    details: (id) => `/services/details/${id}`,
    list: /\/services$/,
    make: async (api, id) => {
      const { clinic, doctor } = await clinicAndDoctor(api);
      return create(api, '/services', { name: `Temp service ${id}`, description: 'A service made to be deleted', price: 10, clinic, doctors: [doctor] });
    },
  },
  {
    what: 'speciality',
    details: (id) => `/specialities/details/${id}`,
    list: /\/specialities$/,
    make: async (api, id) => {
      const { doctor } = await clinicAndDoctor(api);
      return create(api, '/specializations', {
        name: `Temp speciality ${id}`, description: 'A speciality made to be deleted', certificationRequirements: 'Board exam',
        medicalProcedures: 'Examinations', requiredEquipment: 'Stethoscope', requiredStaff: [doctor],
      });
    },
  },
  {
    what: 'clinic',
    details: (id) => `/clinics/details/${id}`,
    list: /\/clinics$/,
    make: async (api, id) => {
      return create(api, '/clinics', {
        name: `Temp clinic ${id}`, PIC: api.user._id, overview: 'Made to be deleted', yearOfEstablishment: '2016-01-01', address: 'First floor',
        vision: 'None', goals: 'None', WorkingHours: [{ day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }] }],
        locationGoogl: { x: 24.7, y: 46.6 },
      });
    },
  },
  {
    what: 'staff member',
    details: (id) => `/employees/details/${id}`,
    list: /\/employees$/,
    make: (api, id) => create(api, '/employees', employee(id)),
  },
  {
    what: 'user',
    details: (id) => `/users/details/${id}`,
    list: /\/$/,
    make: (api, id) => create(api, '/employees', employee(id, { username: `temp${id}`, password: 'Temp@Pass12', roleIds: [] })),
  },
];

for (const c of CASES) {
  test(`deleting a ${c.what} from its details page does not ask for it again`, async ({ page, request }) => {
    // The live event stream stays open by design; without it the page's network goes idle once its requests are done.
    await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
    await signIn(page);
    const id = await c.make(await Api.signIn(request), stamp());
    await page.goto(c.details(id));
    const failures: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes(id) && res.request().method() === 'GET' && res.status() >= 400) failures.push(`${res.status()} ${res.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });

    await page.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: /Delete|Confirm/ }).click();
    await expect(page).toHaveURL(c.list);
    // Long enough for a refetch of the deleted record to have been sent and answered.
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
  });
}
