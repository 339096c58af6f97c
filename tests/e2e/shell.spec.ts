import { Api, DEMO, expect, presetPreferences, runId, signIn, signInThroughForm, test } from './fixtures';

test.describe('sign-in and the app shell', () => {
  test('signs in with the demo account, lands on the dashboard, and shows the users list in the shell', async ({ page, request }) => {
    const { user } = await Api.signIn(request);
    await signInThroughForm(page);
    // An administrator lands on the screen of their day, the dashboard; the users list is one step away, at /.
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await expect(page.getByTestId('users-table')).toContainText(/EMP-\d+/);
    await expect(page.getByText(/Showing 1–\d+ of \d+/)).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(user.name);
    await page.screenshot({ path: test.info().outputPath('shell-en-light.png'), fullPage: true });
  });

  test('a wrong password shows the server message and stays on the sign-in screen', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(DEMO.username);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('Incorrect user name or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the spec validation messages on an empty form', async ({ page }) => {
    await page.goto('/login');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('without Remember Me, a new browser context is signed out; with it, it stays signed in', async ({ browser }) => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await signInThroughForm(page, { remember: false });
    const state = await first.storageState();
    await first.close();
    const second = await browser.newContext({ storageState: state });
    const again = await second.newPage();
    await again.goto('/users');
    await expect(again).toHaveURL(/\/login$/);
    await second.close();

    const third = await browser.newContext();
    const p3 = await third.newPage();
    await signInThroughForm(p3, { remember: true });
    const kept = await third.storageState();
    await third.close();
    const fourth = await browser.newContext({ storageState: kept });
    const p4 = await fourth.newPage();
    await p4.goto('/users');
    await expect(p4.getByTestId('users-table')).toBeVisible();
    await fourth.close();
  });

  test('switching to Arabic turns the document right-to-left and translates the shell; dark mode persists', async ({ page }) => {
    await signIn(page);
    // An administrator lands on the dashboard; the users list is at /.
    await page.goto('/');
    // Let the first page settle (list loaded, profile refreshed) before using the menu.
    await expect(page.getByTestId('users-table')).toContainText(/EMP-/);
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: /العربية/ }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByTestId('page-title')).toHaveText('المستخدمون');
    await expect(page.getByTestId('sidebar')).toContainText('المرضى');

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('users-table')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('shell-ar-dark.png'), fullPage: true });
  });

  test('logout asks for confirmation, then ends the session', async ({ page }) => {
    await signIn(page);
    // An administrator lands on the dashboard; the users list is at /.
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to log out?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('users-table')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown route shows the not-found page; a deep link needs sign-in first', async ({ page }) => {
    await page.goto('/patients/details/00000000-0000-0000-0000-000000000000');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('the shell works at phone width with a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await presetPreferences(page, { lang: 'ar' });
    await signIn(page);
    // An administrator lands on the dashboard; the users list is at /.
    await page.goto('/');
    await expect(page.getByTestId('users-table')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('shell-ar-phone.png'), fullPage: true });
  });

  for (const list of [
    { path: '/', table: 'users-table', lang: 'en' as const },
    { path: '/patients', table: 'patients-table', lang: 'ar' as const },
  ]) {
    test(`on a phone the list at ${list.path} is one card per row, status and actions in view (${list.lang})`, async ({ page, request }) => {
      // The list has a row of the test's own whatever the database holds: the signed-in user, and a patient.
      if (list.table === 'patients-table') await (await Api.signIn(request)).patient(`Huda ${runId()}`);
      await page.setViewportSize({ width: 375, height: 812 });
      await signIn(page, { lang: list.lang, theme: 'dark' });
      await page.goto(list.path);
      const table = page.getByTestId(list.table);
      const firstRow = table.locator('tbody tr').first();
      const status = firstRow.locator('[data-status]');
      const actions = firstRow.locator('td').last().getByRole('button').or(firstRow.locator('td').last().getByRole('link'));
      await expect(status).toBeVisible();
      // Nothing scrolls sideways: the page fits the screen, and the row's status and actions are within it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      for (const target of [status, actions.first()]) {
        await expect(target).toBeVisible();
        const box = (await target.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      // One card per row: the row is taller than a table line and the title comes first.
      expect((await firstRow.boundingBox())!.height).toBeGreaterThan(120);
      await expect(firstRow.locator('td[data-primary]')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`list-${list.table}-${list.lang}-phone.png`), fullPage: true });
    });
  }
});
