import type { Plan } from '@ki/contracts';
import { intlLocale } from '../../lib/format-date';

/** An average month (365.25 / 12 days), for telling a plan's length in months. */
const MONTH_DAYS = 365.25 / 12;

/**
 * Paise as rupees in the user's language, whole rupees without paise: 29900 -> '₹299',
 * 149950 -> '₹1,499.50' (Western digits in every language, as every figure of the app).
 */
export function formatRupees(paise: number, language: string | undefined): string {
  const digits = paise % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(paise / 100);
}

/** A plan's length in whole months when it is about that (90 days -> 3, 365 -> 12), else null (told in days). */
export function planMonths(durationDays: number): number | null {
  const months = Math.round(durationDays / MONTH_DAYS);
  return months >= 1 && Math.abs(durationDays - months * MONTH_DAYS) <= 3 ? months : null;
}

/** About what a plan of several months costs a month, in whole rupees (as paise); null otherwise. */
export function monthlyPaise(plan: Pick<Plan, 'pricePaise' | 'durationDays'>): number | null {
  const months = planMonths(plan.durationDays);
  return months !== null && months > 1 ? Math.round(plan.pricePaise / months / 100) * 100 : null;
}

/** The plan of a `?plan=<code>` address among those on offer, if it is one. */
export const planOf = (plans: readonly Plan[], code: string | null): Plan | null =>
  (code && plans.find((p) => p.code === code)) || null;
