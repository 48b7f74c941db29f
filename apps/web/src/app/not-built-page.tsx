import { Alert, Button, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Routes of the route table that are not built yet say so ('The feature is not available yet.'). */
export function NotBuiltPage() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" maw={640} mx="auto" data-testid="not-built">
      {t('notAvailable')}
    </Alert>
  );
}

/** An https address, or null. */
function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  return new URL(value).protocol === 'https:' ? value : null;
}

/**
 * /displayLink (access-and-app-shell.md 2.1, public): opens the link another screen handed over in
 * its navigation state ({ url, type }): Open, in a new tab. Only https links; opened without one (typed
 * in, or reloaded), it says the feature is not available.
 */
export function DisplayLinkPage() {
  const { t } = useTranslation();
  const { state } = useLocation() as { state: { url?: unknown } | null };
  const url = httpsUrl(state?.url);
  if (!url) return <NotBuiltPage />;
  return (
    <Stack align="center" p="md" data-testid="display-link">
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="md"
        rightSection={<IconExternalLink size={18} aria-hidden="true" />}
        data-testid="display-link-open"
      >
        {t('openLink')}
      </Button>
    </Stack>
  );
}
