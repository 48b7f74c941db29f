import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { paths } from '../config/paths';

/** 'Oops! Something went wrong' with a go-home action (access-and-app-shell.md 8). */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="ki-loader">
      <div className="ki-stack" style={{ alignItems: 'center', padding: 'var(--mantine-spacing-md)' }}>
        <IconMoodSad size={56} aria-hidden="true" color="var(--mantine-color-orange-6)" />
        <h2 className="ki-title" data-size="h2" style={{ textAlign: 'center' }}>
          {t('errors.oops')}
        </h2>
        {/* A full navigation: the router state that failed is thrown away. */}
        <a className="ki-button" href={paths.root}>
          {t('errors.goHome')}
        </a>
      </div>
    </div>
  );
}
