import { useTranslation } from 'react-i18next';
import type { Plan, PlanAccess } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';

/**
 * A student's access in a sentence: the school pays, the plan runs until a day, it ended on a day,
 * or there never was one. `short` is the profile's (the school pays: 'Paid by your school').
 */
export function useAccessText() {
  const { t, i18n } = useTranslation('plans');
  return (access: PlanAccess, { short = false }: { short?: boolean } = {}): string => {
    const date = access.endsAt ? formatDate(access.endsAt, i18n.resolvedLanguage) : '';
    if (access.status === 'school') return t(short ? 'access.schoolShort' : 'access.school');
    if (access.status === 'active') return t('access.active', { date });
    return access.endsAt ? t('access.ended', { date }) : t('access.never');
  };
}

/** A plan's name in the user's language; the server's English name for a code this app does not know yet. */
export function usePlanName() {
  const { t } = useTranslation('plans');
  return (plan: Pick<Plan, 'code' | 'name'>): string => t(`names.${plan.code}`, { defaultValue: plan.name });
}
