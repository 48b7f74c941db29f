import { i18next } from '../../lib/i18n';
import './strings';

/**
 * Chat's two ways in, for the app's router and layout: one small module, so the app's entry names
 * one import of chat instead of the page's and the count's lists of files (each dynamic import in the
 * entry carries its chunk's list, and /concepts' first load pays for those bytes: docs/PERFORMANCE.md).
 */

/** The /chat page, with its strings (`chat`), which download beside it. */
export const loadChatPage = () =>
  Promise.all([import('./chat-page'), i18next.loadNamespaces('chat')]).then(([m]) => m);

/** The navigation's unread count, for staff who chat (app/layout.tsx). */
export const loadNavBadge = () => import('./nav-badge').then((m) => m.ChatNavBadge);
