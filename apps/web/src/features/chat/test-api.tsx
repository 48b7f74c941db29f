import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { MeResponse } from '@ki/contracts';
export { stubApi, type StubAnswer as Answer, type StubCall as Call } from '../../test-support/stub-api';

/** Chat's screens (`routes`) at `path`, signed in as `me`, with Mantine, the toasts and a fresh query client. */
export function showChat(routes: RouteObject[], path: string, me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
