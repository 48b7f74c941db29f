import { IconFlask, IconStethoscope, IconTool, IconUser, type Icon } from '@tabler/icons-react';
import type { AvatarName } from '@ki/contracts';

const ICONS: Record<AvatarName, Icon> = {
  scientist: IconFlask,
  engineer: IconTool,
  doctor: IconStethoscope,
  default: IconUser,
};

/**
 * A user's avatar (users.avatar, one of the contract's AVATARS) as its icon, to put in Mantine's
 * Avatar. A name this app does not know yet draws the default one.
 */
export function AvatarIcon({ avatar, size = 18 }: { avatar: string; size?: number }) {
  const Drawn = ICONS[avatar as AvatarName] ?? IconUser;
  return <Drawn size={size} aria-hidden="true" />;
}
