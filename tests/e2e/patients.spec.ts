import { expect, signIn, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/** A 1×1 PNG: the patient's photo. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
/** A small PDF: the health report. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Texts {
  lang: 'en' | 'ar';
  save: string;
  addContact: string;
  gender: string;
  female: string;
  nationality: string;
  saudi: string;
  bloodType: string;
  smokingNo: string;
  fullName: RegExp;
  identity: RegExp;
  dob: RegExp;
  occupation: RegExp;
  phone: RegExp;
  address: RegExp;
  contactName: RegExp;
  contactPhone: RegExp;
  relation: RegExp;
  created: string;
  dobFilter: string;
  dobShown: string;
  reportTitle: string;
  upload: string;
  addNote: string;
  edit: string;
  saveChanges: string;
  updated: RegExp;
}

const EN: Texts = {
  lang: 'en',
  save: 'Save patient',
  addContact: 'Add emergency contact',
  gender: 'Gender',
  female: 'Female',
  nationality: 'Nationality',
  saudi: 'Saudi',
  bloodType: 'Blood type',
  smokingNo: 'No',
  fullName: /^Full name/,
  identity: /^Identity number/,
  dob: /^Date of birth/,
  occupation: /^Occupation/,
  phone: /^Phone/,
  address: /^Address/,
  contactName: /^Name/,
  contactPhone: /^Phone/,
  relation: /^Relation to patient/,
  created: 'Patient created successfully',
  dobFilter: 'Date of birth',
  dobShown: 'January 5, 1990',
  reportTitle: 'Report title',
  upload: 'Upload',
  addNote: 'Add note',
  edit: 'Edit',
  saveChanges: 'Save changes',
  updated: /Updated: Patient updated successfully/,
};

const AR: Texts = {
  lang: 'ar',
  save: 'حفظ المريض',
  addContact: 'إضافة جهة اتصال للطوارئ',
  gender: 'الجنس',
  female: 'أنثى',
  nationality: 'الجنسية',
  saudi: 'سعودي',
  bloodType: 'فصيلة الدم',
  smokingNo: 'لا',
  fullName: /^الاسم الكامل/,
  identity: /^رقم الهوية/,
  dob: /^تاريخ الميلاد/,
  occupation: /^المهنة/,
  phone: /^الهاتف/,
  address: /^العنوان/,
  contactName: /^الاسم/,
  contactPhone: /^الهاتف/,
  relation: /^صلة القرابة بالمريض/,
  created: 'تمت إضافة المريض بنجاح',
  dobFilter: 'تاريخ الميلاد',
  dobShown: '5 يناير 1990',
  reportTitle: 'عنوان التقرير',
  upload: 'رفع',
  addNote: 'إضافة ملاحظة',
  edit: 'تعديل',
  saveChanges: 'حفظ التغييرات',
  updated: /تم تحديث بيانات المريض بنجاح/,
};

/** Blood types are shown isolated left-to-right (so "A+" stays "A+" in Arabic). */
const bloodOption = (type: string) => new RegExp(`^\\u2066?${type.replace('+', '\\+')}\\u2069?$`);

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) }).click();
  await page.getByRole('option', { name: option }).click();
}

async function patientFlow(page: Page, tx: Texts, screenshot: (name: string) => Promise<void>) {
  const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const name = tx.lang === 'ar' ? `أمل الحسن ${stamp}` : `Amal Hassan ${stamp}`;
  const identity = `${tx.lang === 'ar' ? 2 : 1}${stamp}321`;

  await signIn(page, { lang: tx.lang });
  await page.goto('/patients/add');
  const form = page.getByTestId('patient-form');
  await expect(form).toBeVisible();

  await form.getByTestId('patient-photo-input').setInputFiles({ name: 'amal.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('textbox', { name: tx.fullName }).fill(name);
  await form.getByRole('textbox', { name: tx.identity }).fill(identity);
  const dob = form.getByRole('textbox', { name: tx.dob });
  await dob.fill('1990-01-05');
  await dob.press('Tab');
  await choose(page, form, tx.gender, tx.female);
  await choose(page, form, tx.nationality, tx.saudi);
  await form.getByRole('textbox', { name: tx.occupation }).fill('Teacher');
  await form.getByRole('textbox', { name: tx.phone }).first().fill('0501234567');
  await form.getByRole('textbox', { name: tx.address }).fill('King Fahd Road, Riyadh');
  await choose(page, form, tx.bloodType, bloodOption('A+'));
  await form.getByRole('radio', { name: tx.smokingNo, exact: true }).check();

  // Two emergency contacts.
  const contacts = [
    ['Omar Hassan', '0501112233', tx.lang === 'ar' ? 'أخ' : 'Brother'],
    ['Huda Saleh', '0504445566', tx.lang === 'ar' ? 'أم' : 'Mother'],
  ];
  for (const [index, [contactName, contactPhone, relation]] of contacts.entries()) {
    await form.getByTestId('add-emergency-contact').click();
    const row = form.getByTestId(`emergency-contact-${index}`);
    await row.getByRole('textbox', { name: tx.contactName }).fill(contactName!);
    await row.getByRole('textbox', { name: tx.contactPhone }).fill(contactPhone!);
    await row.getByRole('textbox', { name: tx.relation }).fill(relation!);
  }
  await screenshot('patient-form');
  await form.getByTestId('patient-submit').click();

  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByText(tx.created)).toBeVisible();

  // Find the patient by search…
  const table = page.getByTestId('patients-table');
  await page.getByRole('searchbox').fill(identity);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('searchbox').fill('');

  // …and by date of birth.
  // Typed, not reached by clicking back through the decades.
  const dobFilter = page.getByRole('textbox', { name: tx.dobFilter, exact: true });
  await dobFilter.fill('1990-01-05');
  await dobFilter.press('Tab');
  await expect(page).toHaveURL(/dob=1990-01-05/);
  await expect(dobFilter).toHaveValue(tx.dobShown);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await screenshot('patients-list');

  // Open the details.
  await table.getByRole('row', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/patients\/details\//);
  await expect(page.getByTestId('patient-name')).toHaveText(name);
  await expect(page.getByTestId('patient-public-id')).toHaveText(/^PAT-\d{6}$/);
  await expect(page.getByTestId('patient-image').locator('img')).toBeVisible();
  await expect(page.getByTestId('emergency-contact')).toHaveCount(2);
  await expect(page.getByTestId('contact-card')).toContainText('0501112233 - Omar Hassan');
  await expect(page.getByTestId('blood-type')).toHaveText('A+');

  // Upload a health report.
  const reports = page.getByTestId('health-reports');
  await reports.getByRole('textbox', { name: tx.reportTitle }).fill('Blood test');
  await reports.locator('input[type="file"]').setInputFiles({ name: 'blood-test.pdf', mimeType: 'application/pdf', buffer: PDF });
  await reports.getByTestId('report-submit').click();
  await expect(reports.getByTestId('health-report')).toHaveCount(1);
  await expect(reports.getByTestId('health-report')).toContainText('Blood test');
  const download = await reports.getByTestId('report-download').getAttribute('href');
  const file = await page.request.get(download!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');

  // Add a note.
  const notes = page.getByTestId('notes-card');
  await notes.getByTestId('note-body').fill('Blood pressure normal today');
  await notes.getByTestId('note-submit').click();
  await expect(notes.getByTestId('patient-note').first()).toContainText('Blood pressure normal today');
  await expect(notes.getByTestId('patient-note').first().locator('time')).toHaveText(/\d{4}/);
  await screenshot('patient-details');

  // Edit the blood type.
  await page.getByTestId('patient-edit-button').click();
  await expect(page).toHaveURL(/\/patients\/edit\//);
  const editForm = page.getByTestId('patient-form');
  await expect(editForm.getByRole('textbox', { name: tx.fullName })).toHaveValue(name);
  await choose(page, editForm, tx.bloodType, bloodOption('B-'));
  await editForm.getByTestId('patient-submit').click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByText(tx.updated)).toBeVisible();
  await page.getByRole('searchbox').fill(identity);
  await page.getByTestId('patients-table').getByRole('row', { name: new RegExp(name) }).click();
  await expect(page.getByTestId('blood-type')).toHaveText('B-');
  // The report and the note are still there after the edit.
  await expect(page.getByTestId('health-report')).toHaveCount(1);
  await expect(page.getByTestId('patient-note')).toHaveCount(1);
}

test.describe('patients', () => {
  test('adds a patient with two emergency contacts and a photo, finds, documents and edits them', async ({ page }) => {
    await patientFlow(page, EN, async (shot) => {
      await page.screenshot({ path: test.info().outputPath(`${shot}-en.png`), fullPage: true });
    });
  });

  test('the same flow in Arabic, right to left', async ({ page }) => {
    await patientFlow(page, AR, async (shot) => {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.screenshot({ path: test.info().outputPath(`${shot}-ar.png`), fullPage: true });
    });
  });
});
