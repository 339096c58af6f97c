import { expect, type Page } from '@playwright/test';

/** The booking page's steps, as a patient goes through them (any clinic page: stubbed API or the real one). */
export const stepTitle = (page: Page) => page.getByTestId('book-step-title');

/** Chooses the option of a list step (clinic, service, doctor) whose text matches. */
export async function chooseOption(page: Page, text: string | RegExp) {
  await page.getByTestId('book-options').getByRole('button', { name: text }).first().click();
}

/** Chooses the first free day shown (moving to the next month if this one has none), then returns its date. */
export async function chooseFirstFreeDay(page: Page): Promise<string> {
  await expect(page.getByTestId('book-month')).toBeVisible();
  const free = page.locator('[data-testid="book-month"] [data-free]');
  for (let i = 0; i < 3 && !(await free.first().isVisible().catch(() => false)); i++) {
    await page.waitForTimeout(500);
    if (!(await free.count())) await page.getByTestId('book-month-next').click();
  }
  const day = free.first();
  const date = (await day.getAttribute('data-date'))!;
  await day.click();
  return date;
}

/** Chooses the first free time of the day; returns its instant. */
export async function chooseFirstTime(page: Page): Promise<string> {
  const time = page.getByTestId('book-times').getByRole('button').first();
  await expect(time).toBeVisible();
  const datetime = (await time.getAttribute('data-datetime'))!;
  await time.click();
  return datetime;
}

export interface Patient { name: string; phone: string; dateOfBirth: string; female: boolean }

/** Fills the details step and asks for the code. */
export async function fillDetails(page: Page, p: Patient) {
  const form = page.getByTestId('book-details');
  await form.getByTestId('book-name').fill(p.name);
  await form.getByTestId('book-phone').fill(p.phone);
  await form.getByTestId('book-dob').fill(p.dateOfBirth);
  await form.getByRole('radio').nth(p.female ? 0 : 1).check();
  await form.getByTestId('book-send-code').click();
}
