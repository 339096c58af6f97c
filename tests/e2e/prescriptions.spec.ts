import { Api, expect, importMedications, prescribeDespiteAllergyAr, runId, signIn, test } from './fixtures';

/*
 * A doctor working in Arabic prescribes a drug the patient is allergic to: the check warns, issuing without a reason
 * is refused, a reason lets it through. The A5 printout (Arabic, right to left, QR code) is saved as a PDF, and the
 * public verification page its code opens says the prescription is valid, without any patient or drug detail.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/prescriptions';

test('a doctor in Arabic prescribes against an allergy with a reason, prints it, and the code verifies', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const api = await Api.signIn(request);
  const id = runId();
  const drug = `Amoxil ${id}`;
  await importMedications(api, [`${drug},Amoxicillin,Capsule,500 mg,أموكسيل ${id}`]);
  const patient = await api.patient(`Huda ${id}`);
  await api.post(`/patients/${patient._id}/allergies`, { substance: 'Amoxicillin', reaction: 'Hives', severity: 'severe' });
  const doctor = await api.signInUser(['patient_read', 'clinic_read', 'clinical_read', 'clinical_write', 'prescribe'], [], 'Doctor');
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, { ...doctor, lang: 'ar', theme: 'light' });

  await page.goto(`/patients/details/${patient._id}`);
  // The check warns of the allergy, and says that no drug-class check was made; issuing without a reason is refused
  // by the server, in Arabic, and goes through with one.
  const row = await prescribeDespiteAllergyAr(page, {
    drug, arabicName: `أموكسيل ${id}`, substance: 'Amoxicillin', reason: 'تحمّل الدواء سابقاً دون مشاكل',
    onWarning: async (form) => {
      await expect(form.getByTestId('rx-notice-noClassCheck')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/ar-warning.png` });
    },
  });

  // The printout: A5, Arabic, right to left, the allergy in red, the QR code.
  const href = await row.getByTestId('rx-print').getAttribute('href');
  await page.goto(href!);
  const sheet = page.getByTestId('print-prescription');
  await expect(sheet).toHaveAttribute('dir', 'rtl');
  await expect(sheet).toContainText('وصفة طبية');
  await expect(sheet).toContainText('مرتين يومياً');
  await expect(sheet.getByTestId('rx-print-allergies')).toContainText('Amoxicillin');
  await expect(sheet.getByTestId('rx-qr')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${SHOTS}/prescription-ar.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const verifyUrl = (await sheet.locator('text=/\\/verify\\//').last().textContent())!.match(/https?:\/\/\S+\/verify\/[A-Za-z0-9_-]+/)![0];

  // The public page, signed out: valid, no patient or drug.
  const visitor = await browser.newContext();
  const open = await visitor.newPage();
  await open.goto(new URL(verifyUrl).pathname);
  const result = open.getByTestId('verify-result');
  await expect(result).toHaveAttribute('data-status', 'valid');
  await expect(open.getByTestId('verify-card')).not.toContainText(`Huda ${id}`);
  await expect(open.getByTestId('verify-card')).not.toContainText(drug);
  await open.screenshot({ path: `${SHOTS}/verify.png` });
  await visitor.close();
});
