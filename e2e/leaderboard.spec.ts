import { expect } from '@playwright/test';
import { signInWithCode, test } from './support';

test('a student sees their class leaderboard and their own rank', async ({ page }) => {
  await page.goto('/login');
  await signInWithCode(page);
  await expect(page).toHaveURL(/\/concepts$/);
  await page.getByRole('link', { name: 'Rank' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  const board = await (await page.request.get('/api/v1/leaderboard')).json();
  await expect(page.getByTestId('leaderboard-header')).toHaveText(`Aarav · Class VII · ${board.me.boardName}`);
  await expect(page.getByTestId('my-rank')).toHaveText(board.me.rank === 0 ? 'NA' : String(board.me.rank));
  await expect(page.getByTestId('leaderboard-row')).toHaveCount(board.entries.length);
  await expect(page.getByTestId('leaderboard-row').first()).toContainText(board.entries[0].name);
});
