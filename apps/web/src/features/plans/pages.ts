import { i18next } from '../../lib/i18n';
import './strings';

/**
 * The /plans page and the profile's plan section for the app, each with the plans' strings, which
 * download beside them: one small module, so the app's entry names one import of plans instead of
 * each screen's list of files.
 */
export const loadPlansPage = () =>
  Promise.all([import('./plans-page'), i18next.loadNamespaces('plans')]).then(([m]) => m);

export const loadPlanSection = () =>
  Promise.all([import('./profile-plan-section'), i18next.loadNamespaces('plans')]).then(([m]) => m.ProfilePlanSection);
