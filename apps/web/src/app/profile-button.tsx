import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@ki/contracts';

/** The header button that opens the profile menu: the user's first name and a chevron. */
export function ProfileButton({
  me,
  className,
  ...props
}: { me: MeResponse } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  const { t } = useTranslation();
  // Mantine's Menu.Target passes its own class names: they are added to ours, not put in their place.
  return (
    <button
      type="button"
      className={className ? `ki-unstyled-button ki-row ${className}` : 'ki-unstyled-button ki-row'}
      aria-label={t('profile.menu')}
      data-testid="profile-menu"
      {...props}
    >
      <span className="ki-text-sm ki-from-sm ki-truncate" style={{ fontWeight: 600, maxWidth: 140 }}>
        {me.user.firstName}
      </span>
      <IconChevronDown size={16} aria-hidden="true" />
    </button>
  );
}
