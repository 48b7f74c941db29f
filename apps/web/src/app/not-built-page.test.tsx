// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../locales/en/common.json';
import { initTestI18n } from '../test-support/i18n';
import { stubMantineBrowser } from '../test-support/mantine-jsdom';
import { DisplayLinkPage } from './not-built-page';

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ common: enCommon }, 'en', 'common');
});
afterEach(cleanup);

/** /displayLink opened with this navigation state. */
function open(state: unknown) {
  const router = createMemoryRouter([{ path: '/displayLink', element: <DisplayLinkPage /> }], {
    initialEntries: [{ pathname: '/displayLink', state }],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('/displayLink (access-and-app-shell.md 2.1: opens a url passed in navigation state)', () => {
  it('offers Open for an https link, in a new tab', () => {
    open({ url: 'https://example.org/notes.pdf', type: 'pdf' });
    const link = screen.getByTestId('display-link-open');
    expect(link.textContent).toBe('Open');
    expect(link.getAttribute('href')).toBe('https://example.org/notes.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    ['no state (typed in or reloaded)', null],
    ['a link that is not https', { url: 'http://example.org/x', type: 'video' }],
    ['a script link', { url: 'javascript:alert(1)', type: 'link' }],
    ['no url', { type: 'video' }],
  ])('says the feature is not available with %s', (_, state) => {
    open(state);
    expect(screen.getByTestId('not-built').textContent).toBe('The feature is not available yet.');
    expect(screen.queryByTestId('display-link-open')).toBeNull();
  });
});
