import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { placeOf } from '../lib/url-state';

/**
 * A back arrow. Opened from another screen of the app, it goes back in history to exactly where
 * the user was (the tab, page and search of that screen, and its scroll position), past the drill
 * levels opened here since. Opened from a link or a bookmark, it goes to `fallback`.
 * With `to="start"`, it returns to this screen's first place instead (a teacher's subject summary,
 * which is their dashboard), and is hidden there.
 */
export function BackLink({
  fallback,
  label,
  to = 'opener',
  testId,
}: {
  fallback: string;
  label: string;
  to?: 'opener' | 'start';
  testId?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { fromApp, depth } = placeOf(location.state);
  const steps = to === 'opener' ? (fromApp ? depth + 1 : 0) : depth;
  if (to === 'start' && steps === 0 && `${location.pathname}${location.search}` === fallback) return null;
  return (
    <Button
      component={Link}
      to={fallback}
      onClick={(event) => {
        if (steps === 0) return;
        event.preventDefault();
        void navigate(-steps);
      }}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
      style={{ alignSelf: 'flex-start' }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
