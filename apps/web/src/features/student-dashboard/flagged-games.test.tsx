// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enStudent from '../../locales/en/student.json';
import { stubMatchMedia } from '../../test-support/match-media';
import { FlaggedGames } from './flagged-games';

beforeAll(async () => {
  stubMatchMedia();
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { student: enStudent } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const flag = {
  recordId: 'a0000000-0000-4000-8000-000000000001',
  kind: 'topic' as const,
  playedAt: '2026-11-13T09:00:00.000Z',
  accuracy: 100,
  secondsPerQuestion: 2,
  usualAccuracy: 50,
  historyAnswers: 60,
  flaggedAt: '2026-11-20T10:00:00.000Z',
};

describe('FlaggedGames', () => {
  it('says nothing when no game is flagged, or when the caller is not staff (no field)', () => {
    const { container } = render(
      <MantineProvider>
        <FlaggedGames flagged={[]} />
        <FlaggedGames flagged={undefined} />
      </MantineProvider>,
    );
    expect(container.querySelector('[data-testid="flagged-games"]')).toBeNull();
  });

  it('lists each flagged game with what made it stand out, in the reader’s words', () => {
    render(
      <MantineProvider>
        <FlaggedGames flagged={[flag]} />
      </MantineProvider>,
    );
    expect(screen.getByText('Games to look into')).toBeTruthy();
    const rows = screen.getAllByTestId('flagged-game');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain(
      'Topic game: 100% correct at 2.0 s a question (usually 50% over 60 answers)',
    );
  });
});
