import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { acceptInvitation, expect, inviteUser, makeRole, runId, sendInvitation, shot, signIn, test } from './fixtures';

/*
 * Inviting a member of staff by e-mail with a role, through the app's own screens: the administrator makes a cashier
 * role in the Roles screen, invites a person with it from the Users screen (the server of these tests sends no e-mail,
 * so the dialog shows the link to send), the person opens the link in a browser of their own, chooses a user name and
 * password, and lands on the cash boxes; the list no longer shows them as invited, and the link does not work twice.
 */

/** The serious and critical WCAG 2.1 A and AA violations on the page (as the accessibility test counts them). */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** A role holding the cash boxes only, made in the Roles screen. */
async function cashierRole(page: Page): Promise<string> {
  const name = `Cashier ${runId()}`;
  await makeRole(page, name, ['billing_read', 'billing_write']);
  return name;
}

/** The person's row in the users list, found by name. */
async function usersRow(page: Page, name: string) {
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = page.getByTestId('users-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('an invited cashier chooses a user name and password from the link and lands on the cash boxes', async ({ page, browser }) => {
  await signIn(page);
  const roleName = await cashierRole(page);
  const name = `Huda ${runId()}`;

  const { link, email } = await sendInvitation(page, { name, roleName });
  const result = page.getByTestId('invite-result');
  await expect(result.getByTestId('invite-send-yourself')).toContainText(email);
  await expect(result.getByTestId('invite-copy')).toBeVisible();
  await expect(result.getByTestId('invite-expires')).toContainText(/until/);
  await shot(page, 'invite-dialog-en-light-1440', false);
  await page.getByTestId('invite-done').click();

  const invited = await usersRow(page, name);
  await expect(invited.getByTestId('invitation-pending')).toHaveText('Invited');
  await expect(invited.getByTestId('hr-incomplete')).toBeVisible();

  const person = await acceptInvitation(browser, link, {
    viewport: { width: 1280, height: 900 },
    beforeAccept: async (invitePage) => {
      await expect(invitePage.getByTestId('invite-card')).toContainText(name);
      await expect(invitePage.getByTestId('invite-card')).toContainText(email);
      await shot(invitePage, 'invite-page-en-light-1280');
      expect(await axe(invitePage)).toEqual([]);
    },
  });
  await expect(person.page).toHaveURL(/\/billing\/cash-boxes$/);
  await expect(person.page.getByTestId('no-access')).toHaveCount(0);

  // The link works once: opened again it says so, and leads to the sign-in page.
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(link);
  await expect(second.getByTestId('invite-used')).toContainText('already been used');
  await second.getByTestId('invite-go-sign-in').click();
  await expect(second).toHaveURL(/\/login$/);
  await again.close();
  await person.context.close();

  const row = await usersRow(page, name);
  await expect(row).toContainText(`@${person.username}`);
  await expect(row.getByTestId('invitation-pending')).toHaveCount(0);
});

test('in Arabic, dark, on a phone: the invite dialog and the invitation page', async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await admin.newPage();
  await signIn(page, { lang: 'ar', theme: 'dark' });
  const roleName = await cashierRole(page);
  await page.goto('/users');
  await page.getByTestId('invite-user').click();
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-form')).toContainText('مطلوب');
  await shot(page, 'invite-form-ar-dark-375', false);
  await page.getByRole('button', { name: 'إلغاء' }).click();

  const person = await inviteUser(page, browser, {
    name: `هدى ${runId()}`,
    roleName,
    lang: 'ar',
    theme: 'dark',
    viewport: { width: 375, height: 812 },
    onSent: async () => {
      await expect(page.getByTestId('invite-send-yourself')).toBeVisible();
      await shot(page, 'invite-dialog-ar-dark-375', false);
    },
    beforeAccept: async (invitePage) => {
      await expect(invitePage.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(invitePage.getByText('اختر اسم المستخدم وكلمة المرور')).toBeVisible();
      // Nothing wider than the phone.
      expect(await invitePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(invitePage, 'invite-page-ar-dark-375');
      expect(await axe(invitePage)).toEqual([]);
    },
  });
  await expect(person.page).toHaveURL(/\/billing\/cash-boxes$/);
  await person.context.close();
  await admin.close();
});
