import { i18next } from '../../lib/i18n';
import './strings';

/**
 * Chat's ways in, for the app's router and layout: one small module, so the app's entry names
 * one import of chat instead of the page's and the count's lists of files (each dynamic import in the
 * entry carries its chunk's list, and /concepts' first load pays for those bytes: docs/PERFORMANCE.md).
 */

/** A page's module with chat's strings (`chat`), which download beside it. */
const withStrings = <M>(page: Promise<M>) => Promise.all([page, i18next.loadNamespaces('chat')]).then(([m]) => m);

/** The /chat page. */
export const loadChatPage = () => withStrings(import('./chat-page'));

/** A staff meeting's page, /meeting/{id}. */
export const loadMeetingPage = () => withStrings(import('./meeting-page'));

/** The navigation's unread count, for staff who chat (app/layout.tsx). */
export const loadNavBadge = () => import('./nav-badge').then((m) => m.ChatNavBadge);
