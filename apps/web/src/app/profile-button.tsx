import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@ki/contracts';

/** How long after the first paint the profile menu's code is fetched without a tap. */
export const PROFILE_MENU_DELAY_MS = 1500;

/** The header button that opens the profile menu: the user's first name and a chevron. */
export function ProfileButton({ me, ...props }: { me: MeResponse } & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton aria-label={t('profile.menu')} data-testid="profile-menu" {...props}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} visibleFrom="sm" maw={140} truncate>
          {me.user.firstName}
        </Text>
        <IconChevronDown size={16} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
