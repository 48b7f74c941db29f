import { expect as baseExpect } from '@playwright/test';
import { signInWithCode, test } from './support';

// Long journeys on a shared machine: screens may take longer than the default 10 s to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });

test('a student reads their profile, edits it and sees the new name in the header', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  const before = await (await page.request.get('/api/v1/me/profile')).json();

  try {
    // The profile menu's first entry opens the profile (access-and-app-shell.md 2.7).
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-name')).toHaveText('Aarav Patil');
    await expect(page.getByTestId('profile-grade')).toHaveText('VII');
    await expect(page.getByTestId('parent')).toContainText('Sunita Patil');
    await expect(page.getByTestId('parent')).toContainText('+91 ••••••0009');
    // Learn progress comes from the rollups: the figures the API gives, time as HH:mm:ss.
    await expect(page.getByTestId('topics-studied')).toHaveText(String(before.learn.topicsStudied));
    await expect(page.getByTestId('chapters-completed')).toHaveText(String(before.learn.chaptersCompleted));
    await expect(page.getByTestId('time-spent')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    if (before.practice.records.length === 0)
      await expect(page.getByTestId('practice-empty')).toHaveText('There is no data to show you right now.');

    // Cancel leaves everything as it was.
    await page.getByTestId('edit-profile').click();
    await page.getByTestId('first-name').fill('Someone');
    await page.getByTestId('cancel-profile').click();
    await expect(page.getByTestId('profile-name')).toHaveText('Aarav Patil');

    await page.getByTestId('edit-profile').click();
    await expect(page.getByTestId('not-editable')).toContainText('mobile number, school, board and grade');
    await page.getByTestId('first-name').fill('Aaru');
    await page.getByTestId('email').fill('aaru@');
    await page.getByTestId('save-profile').click();
    await expect(page.getByText('Please enter valid Email Id')).toBeVisible();
    await page.getByTestId('email').fill('aaru.patil@example.in');
    await page.getByTestId('save-profile').click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Aaru Patil');
    await expect(page.getByTestId('profile-email')).toHaveText('aaru.patil@example.in');
    await expect(page.getByTestId('profile-menu')).toContainText('Aaru');

    // The preferred language switches the interface.
    await page.getByTestId('edit-profile').click();
    await page.getByTestId('profile-language').selectOption('hi');
    await page.getByTestId('save-profile').click();
    await expect(page.getByRole('heading', { name: 'प्रोफ़ाइल' })).toBeVisible();
  } finally {
    // Other journeys use Aarav as the demo data made him.
    const res = await page.request.put('/api/v1/me/profile', {
      data: {
        firstName: before.user.firstName,
        lastName: before.user.lastName,
        email: before.user.email ?? '',
        language: before.user.language ?? 'en',
      },
    });
    expect(res.ok()).toBe(true);
    await page.evaluate(() => localStorage.setItem('ki.language', 'en'));
  }
});
