import { Api, arrivedVisit, expect, runId, shot, signIn, staffAccount, test } from './fixtures';

/*
 * A sensitive visit seen by a covering doctor: what another doctor recorded there shows masked on the patient's page,
 * opening it asks for a reason, and the reason opens the visit and the patient's lists to that doctor (for a shift).
 */


test('a covering doctor sees a sensitive visit masked, gives a reason, and then sees what it recorded', async ({ browser, request }) => {
  const admin = await Api.signIn(request);
  const { clinic, doctor, patient } = await arrivedVisit(admin, {
    clinic: `Private ${runId()}`, doctor: `Dr. Salma ${runId()}`, service: `Consultation ${runId()}`, patient: `Rami Haddad ${runId()}`,
  });
  // The visit's doctor writes a confidential note and lists a medication at it.
  const own = await Api.signIn(request, { username: doctor.username, password: doctor.password });
  const encounter = await own.post<{ _id: string }>('/encounters', { patient: patient._id });
  const { note } = await own.get<{ note: { version: number } }>(`/encounters/${encounter._id}`);
  await own.put(`/encounters/${encounter._id}/note`, {
    version: note.version, content: { complaint: 'Low mood for two months, asked for confidentiality' }, sensitive: true,
  });
  await own.post(`/patients/${patient._id}/medications`, { name: 'Sertraline 50 mg', route: 'oral', frequency: 'OD', encounter: encounter._id });

  const cover = await staffAccount(admin, clinic._id, `Dr. Cover ${runId()}`, 'Doctor', 'Doctor');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, { username: cover.username, password: cover.password, lang: 'en', theme: 'light' });
  await page.goto(`/patients/details/${patient._id}`);
  const meds = page.getByTestId('medication-row');
  await expect(meds).toHaveCount(1);
  await expect(meds).toHaveAttribute('data-restricted', 'true');
  await expect(meds).toContainText('Restricted medication — open the encounter with a reason to see it');
  await expect(page.getByText('Sertraline')).toHaveCount(0);

  // Opening the visit asks for a reason first; the note is not on the page.
  await meds.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/encounters/${encounter._id}$`));
  const glass = page.getByTestId('break-glass');
  await expect(glass).toBeVisible();
  await expect(page.getByText('Low mood for two months')).toHaveCount(0);
  await shot(page, 'sensitive-break-glass-en-light-1280');
  await glass.getByRole('textbox').fill('Covering Dr. Salma; the patient called about side effects');
  await glass.getByRole('button').click();
  // Read only: it is another doctor's note.
  await expect(page.getByText('Low mood for two months, asked for confidentiality')).toBeVisible();

  // The reason opens the patient's lists too.
  await page.goto(`/patients/details/${patient._id}`);
  await expect(page.getByTestId('medication-name')).toContainText('Sertraline 50 mg');
  await page.setViewportSize({ width: 375, height: 900 });
  await shot(page, 'sensitive-opened-en-light-375');
  await context.close();
});
