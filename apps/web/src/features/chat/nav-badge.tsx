import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/session';
import { CodeBoundary } from '../../ui/code-boundary';
import { useChatEvents } from './api/chat-events';
import { useUnread } from './api/unread';
import { useCallsWanted } from './call-entry';
import './nav-badge.css';
import './strings';

// The call screen and the incoming-call dialog: their code comes with the tab's first call.
const CallLayer = lazy(() => import('./components/call-layer'));

/** Where the tab's call shows, on every staff page (app/layout.tsx mounts it once). */
function CallSlot() {
  const wanted = useCallsWanted();
  return wanted ? (
    <CodeBoundary fallback={null}>
      <Suspense fallback={null}>
        <CallLayer />
      </Suspense>
    </CodeBoundary>
  ) : null;
}

/**
 * The navigation's count of unread chat messages (GET /chat/unread), kept live by the socket's
 * events, which it follows on every page (api/chat-events.ts). The layout loads it lazily and only
 * for staff who chat, so the learner's first load carries none of it (docs/PERFORMANCE.md).
 * `onMenu`: on the phone's menu button, for when the navigation is folded away. `calls`: not a
 * count but the place of the tab's calls (the incoming-call dialog and the call screen).
 */
export function ChatNavBadge({ onMenu = false, calls = false }: { onMenu?: boolean; calls?: boolean }) {
  const { t } = useTranslation('chat');
  const { data: me } = useMe();
  useChatEvents(me?.user.id ?? 0);
  const { data } = useUnread();
  if (calls) return <CallSlot />;
  const total = data?.total ?? 0;
  if (total === 0) return null;
  return (
    <span
      className="chat-nav-badge"
      data-on-menu={onMenu ? '' : undefined}
      aria-hidden={onMenu ? true : undefined}
      data-testid={onMenu ? 'chat-menu-badge' : 'chat-nav-badge'}
      data-count={total}
    >
      <span aria-hidden="true">{total > 99 ? '99+' : total}</span>
      {onMenu ? null : <span className="chat-visually-hidden">{t('list.unread', { count: total })}</span>}
    </span>
  );
}
