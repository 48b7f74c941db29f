import { i18next } from '../../lib/i18n';
import './strings';

/**
 * School notices for the app (issue #26, "Broadcasts"), each part with the notices' strings, which
 * download beside it: one small module, so the app's entry names one import of the feature instead
 * of each part's list of files. Staff's /broadcast page; the learner home's rail (plain HTML: the
 * home carries no Mantine); the parent dashboard's card.
 */
const strings = () => i18next.loadNamespaces('notices');

export const loadBroadcastPage = () => Promise.all([import('./broadcast-page'), strings()]).then(([m]) => m);

export const loadNoticesRail = () => Promise.all([import('./notices-rail'), strings()]).then(([m]) => m.NoticesRail);

export const loadParentNotices = () =>
  Promise.all([import('./parent-notices-card'), strings()]).then(([m]) => m.ParentNoticesCard);
