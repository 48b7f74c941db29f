// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanAccess, PlansResponse, Receipt } from '@ki/contracts';
import enCommon from '../../locales/en/common.json';
import enPlans from '../../locales/en/plans.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { ProfilePlanSection } from './profile-plan-section';

vi.mock('./strings', () => ({}));
vi.mock('../../ui/offline-parts', () => ({
  NotOnDevice: ({ failedText }: { failedText: string }) => <div data-testid="not-on-device">{failedText}</div>,
}));

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ plans: enPlans, common: enCommon }, 'en', 'common');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACTIVE: PlanAccess = { status: 'active', endsAt: '2027-02-24T06:30:00.000Z' };
const SCHOOL: PlanAccess = { status: 'school', endsAt: null };

const receipt = (n: number, extra: Partial<Receipt> = {}): Receipt => ({
  orderId: `0b7f9a56-3c1e-4b7a-9d0e-2f1a6c8e4b2${n}`,
  receiptNumber: `KI-2026-00000${n}`,
  planCode: 'quarter',
  planName: 'Three months',
  amountPaise: 29900,
  currency: 'INR',
  method: 'upi',
  status: 'paid',
  paidAt: '2026-11-26T06:30:00.000Z',
  validFrom: '2026-11-26T06:30:00.000Z',
  validUntil: '2027-02-24T06:30:00.000Z',
  refundedAt: null,
  paymentId: `pay_local_${n}`,
  ...extra,
});
const RECEIPTS = [
  receipt(1),
  receipt(2, {
    planCode: 'year',
    planName: 'One year',
    amountPaise: 89900,
    method: 'card',
    status: 'refunded',
    paidAt: '2026-08-01T06:30:00.000Z',
    validFrom: '2026-08-01T06:30:00.000Z',
    validUntil: '2027-08-01T06:30:00.000Z',
    refundedAt: '2026-08-03T06:30:00.000Z',
  }),
];

/** The section as the profile shows it, the plans answering `plans` (or failing). */
function show(access: PlanAccess, plans: PlansResponse | 'failing', { wide = false } = {}) {
  // From the 'sm' breakpoint the receipts are a table (matchMedia's answer); below, cards.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      plans === 'failing'
        ? new Response(JSON.stringify({ code: 'INTERNAL', message: 'boom' }), { status: 500 })
        : new Response(JSON.stringify(plans), { status: 200 }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePlanSection access={access} /> }], {
    initialEntries: ['/profile'],
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const plansAnswer = (access: PlanAccess, receipts: Receipt[]): PlansResponse => ({
  access,
  plans: [],
  provider: 'local',
  receipts,
});

describe('the profile’s plan section (access-and-app-shell.md 2.8)', () => {
  it('on a phone: the access, See plans, and each receipt as a card with its date, plan, amount, method, number and dates', async () => {
    show(ACTIVE, plansAnswer(ACTIVE, RECEIPTS));
    const section = await screen.findByTestId('profile-plan');
    expect(within(section).getByRole('heading').textContent).toBe('Plan');
    expect(screen.getByTestId('profile-plan-access').textContent).toBe('Your plan runs until 24 Feb 2027.');
    expect(screen.getByTestId('profile-see-plans').getAttribute('href')).toBe('/plans');
    const cards = await screen.findAllByTestId('receipt');
    expect(cards).toHaveLength(2);
    const first = cards[0]!.textContent?.replace(/\s/g, ' ');
    for (const text of ['Three months', '₹299', 'Paid on26 Nov 2026', 'MethodUPI', 'Receipt numberKI-2026-000001'])
      expect(first).toContain(text);
    expect(first).toMatch(/Valid26 Nov 2026 – 24 Feb 2027/);
    expect(within(cards[0]!).queryByTestId('receipt-refunded')).toBeNull();
    expect(cards[1]!.textContent).toContain('One year');
    expect(cards[1]!.textContent).toContain('₹899');
    expect(cards[1]!.textContent).toContain('Card');
    expect(within(cards[1]!).getByTestId('receipt-refunded').textContent).toBe('Refunded');
    expect(screen.queryByTestId('receipts-table')).toBeNull();
  });

  it('on a wider screen: the receipts as a table', async () => {
    show(ACTIVE, plansAnswer(ACTIVE, RECEIPTS), { wide: true });
    const table = await screen.findByTestId('receipts-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Paid on', 'Plan', 'Amount', 'Method', 'Receipt number', 'Valid']);
    const rows = within(table).getAllByTestId('receipt');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['26 Nov 2026', 'Three months', '₹299', 'UPI', 'KI-2026-000001', '26 Nov 2026 – 24 Feb 2027']);
    expect(within(rows[1]!).getByTestId('receipt-refunded').textContent).toBe('Refunded');
  });

  it('says when nothing has been paid yet, and when the plan ended', async () => {
    const ended: PlanAccess = { status: 'none', endsAt: '2026-11-12T06:30:00.000Z' };
    show(ended, plansAnswer(ended, []));
    expect((await screen.findByTestId('receipts-empty')).textContent).toBe('No payments yet.');
    expect(screen.getByTestId('profile-plan-access').textContent).toBe(
      'Your plan ended on 12 Nov 2026. Choose a plan to keep learning.',
    );
  });

  it('a student whose school pays: paid by the school, no way to the plans, nothing to list', async () => {
    show(SCHOOL, plansAnswer(SCHOOL, []));
    expect((await screen.findByTestId('profile-plan-access')).textContent).toBe('Paid by your school');
    expect(screen.queryByTestId('profile-see-plans')).toBeNull();
    // Once the plans have answered: still nothing to pay, so no 'No payments yet'.
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId('receipts-empty')).toBeNull();
  });

  it('shows the session’s access while the receipts cannot be loaded, and says so', async () => {
    show(ACTIVE, 'failing');
    expect(screen.getByTestId('profile-plan-access').textContent).toBe('Your plan runs until 24 Feb 2027.');
    expect((await screen.findByTestId('not-on-device')).textContent).toBe(
      'Could not load your payments. Please try again.',
    );
  });
});
