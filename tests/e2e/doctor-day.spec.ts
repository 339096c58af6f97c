import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Api, arrivedVisit, expect, importMedications, prescribeDespiteAllergyAr, runId, signIn, staffAccount, test } from './fixtures';

/*
 * The doctor's day in Arabic, end to end: from My day the doctor calls the patient in and works in the visit's
 * encounter: vitals (the temperature in °F), a diagnosis found by an Arabic word written with another hamza form,
 * a drug the patient is allergic to (the warning, its reason, issued), the note written and signed with the password,
 * the A5 prescription printed to PDF and read back. A receptionist sees the visit on the board, and that it has an
 * encounter, but opening the encounter shows nothing of it.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/doctor-day';
/** A screenshot for review, without the toasts of the steps before it (they would cover the header). */
const shot = async (page: Page, name: string, fullPage = true) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage, style: '.mantine-Notifications-root { display: none !important; }' });
};

test('a doctor in Arabic sees the patient, records, diagnoses, prescribes against an allergy, signs and prints; a receptionist cannot open the note', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const api = await Api.signIn(request);
  const id = runId();
  const drug = `Amoxil ${id}`;
  await importMedications(api, [`${drug},Amoxicillin,Capsule,500 mg,أموكسيل ${id}`]);
  const { clinic, doctor, patient, visit } = await arrivedVisit(api, {
    clinic: `عيادة ${id}`, doctor: `د. ريم ${id}`, service: `كشف ${id}`, patient: `سارة العتيبي ${id}`,
  });
  await api.post(`/patients/${patient._id}/allergies`, { substance: 'Amoxicillin', reaction: 'Hives', severity: 'severe' });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, { username: doctor.username, password: doctor.password, lang: 'ar', theme: 'dark' });

  // My day: the patient is waiting; calling her in opens the visit's encounter.
  await page.goto('/');
  await expect(page).toHaveURL(/\/my-day$/);
  await expect(page.getByTestId('my-day-next')).toContainText(patient.name);
  await page.getByTestId('my-day-call-in').click();
  await expect(page).toHaveURL(/\/encounters\/[0-9a-f-]+$/);
  const encounterId = page.url().split('/').pop()!;
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const header = page.getByTestId('encounter-header');
  await expect(header.getByTestId('encounter-patient')).toHaveText(patient.name);
  await expect(header.getByTestId('allergy-banner')).toHaveAttribute('data-state', 'allergies');
  await expect(header.getByTestId('allergy-banner')).toContainText('Amoxicillin');

  // Vitals, the temperature in °F: shown as typed and flagged.
  await header.getByTestId('vitals-add').click();
  await page.getByTestId('vitals-temperatureUnit').getByText('°ف').click();
  await page.getByTestId('vitals-temperature').fill('101.3');
  await page.getByTestId('vitals-pulse').fill('96');
  await page.getByTestId('vitals-systolic').fill('126');
  await page.getByTestId('vitals-diastolic').fill('73');
  await page.getByTestId('vitals-save').click();
  const temperature = header.getByTestId('vital-temperature');
  await expect(temperature).toContainText(/101[.٫]3|١٠١٫٣/);
  await expect(temperature).toContainText('°ف');
  await expect(temperature).toHaveAttribute('data-flag', 'high');
  // In the visit's half-width card, every value keeps its unit inside the card (the blood pressure's too), down to
  // a small laptop's width.
  await expect(header.getByTestId('vital-systolic')).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 900 });
  const outside = await header.getByTestId('vitals-last').evaluate((grid) => Array.from(grid.children).flatMap((cell) => {
    const box = cell.getBoundingClientRect();
    return Array.from(cell.querySelectorAll('p, span')).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
    }).map((el) => el.textContent);
  }));
  expect(outside).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // "إلتهاب" with a hamza below finds the list's "التهاب" (tonsillitis), added with the keyboard as the primary.
  const diagnoses = page.getByTestId('encounter-diagnoses');
  const picker = diagnoses.getByTestId('diagnosis-picker');
  await picker.fill('إلتهاب اللوزتين');
  await expect(page.getByTestId('diagnosis-option').filter({ hasText: 'J03.9' })).toContainText('التهاب اللوزتين الحاد');
  await picker.press('ArrowDown');
  await picker.press('Enter');
  const primary = diagnoses.locator('[data-testid="encounter-diagnosis"][data-rank="primary"]');
  await expect(primary).toContainText('J03.9');
  await expect(primary).toContainText('رئيسي');

  // The drug she is allergic to, chosen with the keyboard: warned, refused without a reason, issued with one.
  const issued = await prescribeDespiteAllergyAr(page, { drug, arabicName: `أموكسيل ${id}`, substance: 'Amoxicillin', reason: 'تحمّلت الدواء سابقاً دون مشاكل' });

  // The note, saved as she types, then signed with her password.
  await page.locator('[data-field="complaint"]').fill('ألم في الحلق وحرارة منذ يومين');
  await page.locator('[data-field="examination"]').fill('احمرار اللوزتين مع إفرازات');
  await page.locator('[data-field="assessment"]').fill('التهاب اللوزتين الحاد');
  await page.locator('[data-field="plan"]').fill('مضاد حيوي لخمسة أيام وسوائل دافئة');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await shot(page, 'encounter-draft-ar-dark-1280');
  await page.getByTestId('sign-open').click();
  await page.getByTestId('sign-password').fill(doctor.password);
  await page.getByTestId('sign-submit').click();
  await expect(page.getByTestId('encounter-status')).toHaveText('موقّعة');
  await expect(page.locator('[data-answer="complaint"]')).toHaveText('ألم في الحلق وحرارة منذ يومين');
  await shot(page, 'encounter-signed-ar-dark-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(header.getByTestId('encounter-patient')).toBeVisible();
  await shot(page, 'encounter-signed-ar-dark-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The printout: A5, Arabic, right to left, saved as a PDF and read back.
  const href = await issued.getByTestId('rx-print').getAttribute('href');
  await page.goto(href!);
  const sheet = page.getByTestId('print-prescription');
  await expect(sheet).toHaveAttribute('dir', 'rtl');
  await expect(sheet).toContainText(drug);
  await expect(sheet.getByTestId('rx-print-allergies')).toContainText('Amoxicillin');
  await expect(sheet.getByTestId('rx-qr')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const pdf = path.join(SHOTS, 'prescription-ar.pdf');
  mkdirSync(SHOTS, { recursive: true });
  await page.pdf({ path: pdf, format: 'A5', preferCSSPageSize: true, printBackground: true });
  await context.close();
  // The text as a PDF reader extracts it, line by line (without its direction marks): the Arabic labels, the
  // patient, the allergy, the drug and its frequency in Arabic.
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  for (const expected of ['وصفة طبية', 'المريض', patient.name, 'الحساسية', 'Amoxicillin', `${drug} 500 mg`, 'مرتين']) expect(text).toContain(expected);
  const size = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }).match(/Page size:\s+([\d.]+) x ([\d.]+) pts/)!;
  // A5 is 420 x 595 points.
  expect(Math.round(Number(size[1]))).toBe(420);
  expect(Math.round(Number(size[2]))).toBe(595);
  execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(SHOTS, 'prescription-ar-page1')]);

  // The receptionist: the visit on her board, that it has an encounter, and nothing of the note.
  const reception = await staffAccount(api, clinic._id, `Huda ${runId()}`, 'Receptionist', 'Administrative');
  const desk = await Api.signIn(request, { username: reception.username, password: reception.password });
  expect(await desk.get<{ _id: string; status: string }>(`/appointments/${visit._id}/encounter`)).toMatchObject({ _id: encounterId, status: 'signed' });
  const deskContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const deskPage = await deskContext.newPage();
  await signIn(deskPage, { username: reception.username, password: reception.password, lang: 'ar', theme: 'dark' });
  await deskPage.goto('/frontdesk');
  await expect(deskPage.getByTestId('board-card').filter({ hasText: patient.name })).toBeVisible();
  await deskPage.goto(`/encounters/${encounterId}`);
  await expect(deskPage.getByTestId('no-access')).toBeVisible();
  await expect(deskPage.locator('body')).not.toContainText('ألم في الحلق');
  await expect(deskPage.locator('body')).not.toContainText(drug);
  await shot(deskPage, 'reception-no-access-ar-dark', false);
  await deskContext.close();
});
