import {
  IconBookmark,
  IconBuildingCommunity,
  IconCalendar,
  IconChartBar,
  IconChecklist,
  IconClipboardText,
  IconEdit,
  IconFolder,
  IconMessages,
  IconPencil,
  IconSchool,
  IconSpeakerphone,
  IconTrophy,
  IconVideo,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MeResponse } from '@ki/contracts';
import { paths } from '../config/paths';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: ReactNode;
  /** Not built yet for this user: shown as 'Coming soon', not as a link to a dead end. */
  soon?: boolean;
}

/**
 * Side navigation per role (access-and-app-shell.md 2.7), read from the abilities the server's
 * policy sends with /me rather than from the role. The content roles' Practice is not built for
 * them (it plays on a student's own attempts): it stays in their menu, marked 'Coming soon'. The
 * school calendar (abilities.calendar) is where
 * 2.7 puts it for staff; a learner reaches theirs from the profile menu (2.7: Calendar is there for
 * everyone, not in the learner's side navigation); a parent, whose menu is only the dashboard
 * otherwise, has it here too. Staff have Notices (/broadcast); students read theirs on the home,
 * parents on their dashboard. Students ask doubts (/ask-doubts); staff answer them (/doubts).
 * Students of a school with the liveclasses product join live classes (/live-classes); staff
 * schedule them (/live-class). Staff open their classes' rooms (/class-rooms) and keep their files
 * in their drive (/drive).
 */
export function navItems(me: MeResponse): NavItem[] {
  const can = me.abilities;
  const learn: NavItem = { to: paths.concepts, labelKey: 'nav.learn', icon: <IconSchool size={18} /> };
  const dashboard: NavItem = { to: paths.dashboard, labelKey: 'nav.dashboard', icon: <IconChartBar size={18} /> };
  const calendar: NavItem[] =
    can.calendar === 'none' ? [] : [{ to: paths.calendar, labelKey: 'nav.calendar', icon: <IconCalendar size={18} /> }];
  if (can.learn) {
    // Practice plays the student's own quizzes and tests; previewing it as a content role is not built.
    const practice: NavItem = { to: paths.practice, labelKey: 'nav.practice', icon: <IconPencil size={18} /> };
    const items: NavItem[] = [learn, can.writeRecords ? practice : { ...practice, soon: true }];
    if (me.school?.products.includes('liveclasses'))
      items.push({ to: paths.liveClasses, labelKey: 'nav.liveClass', icon: <IconVideo size={18} /> });
    items.push({ to: paths.bookmarks, labelKey: 'nav.bookmark', icon: <IconBookmark size={18} /> });
    items.push({ to: paths.leaderboard, labelKey: 'nav.rank', icon: <IconTrophy size={18} /> });
    if (can.dashboard === 'student') {
      // Students have no chat: its icon (already in the first load) is their doubts'.
      items.push({ to: paths.askDoubts, labelKey: 'nav.askDoubt', icon: <IconMessages size={18} /> });
      items.push(dashboard);
    }
    if (can.author || can.approve) {
      items.push({ to: paths.authoring, labelKey: 'nav.authoring', icon: <IconEdit size={18} /> });
      items.push({ to: paths.authoringReview, labelKey: 'nav.review', icon: <IconChecklist size={18} /> });
    }
    return items;
  }
  if (can.dashboard === 'school' || can.dashboard === 'subject') {
    // Teachers write quizzes (/create-quiz, spec 2.7); principals read the school's; super-admins
    // read reports only, so have no Assessment entry.
    const quizzes =
      can.assessments === 'author' ? paths.createQuiz : can.assessments === 'view' ? paths.quizListing : null;
    const items: NavItem[] = [
      dashboard,
      ...(quizzes ? [{ to: quizzes, labelKey: 'nav.assessment', icon: <IconPencil size={18} /> }] : []),
      { to: paths.reports, labelKey: 'nav.reports', icon: <IconClipboardText size={18} /> },
      ...calendar,
      learn,
    ];
    if (can.chat) items.push({ to: paths.chat, labelKey: 'nav.chat', icon: <IconMessages size={18} /> });
    // School notices (issue #26): every member of staff posts to the grades the server lets them.
    items.push({ to: paths.broadcast, labelKey: 'nav.notices', icon: <IconSpeakerphone size={18} /> });
    // Students' doubts (issue #26), a list to answer: the server lists those the caller may see. Its
    // icon is one the first load has already (the content roles' review), so the menu costs no more.
    items.push({ to: paths.doubts, labelKey: 'nav.doubts', icon: <IconChecklist size={18} /> });
    // Live classes (issue #26): the server refuses a school without the product, and the page says so.
    items.push({ to: paths.liveClass, labelKey: 'nav.liveClass', icon: <IconVideo size={18} /> });
    // Class rooms (issue #26): the caller's classes, which the server lists. Its icon is the school
    // choice's, already in the first load (the two meet only in a multi-school menu, named apart).
    items.push({ to: paths.classRooms, labelKey: 'nav.classRooms', icon: <IconBuildingCommunity size={18} /> });
    // The drive (issue #26): each member of staff's own files, which they share with their classes.
    items.push({ to: paths.drive, labelKey: 'nav.drive', icon: <IconFolder size={18} /> });
    if (can.schoolSettings)
      items.push({
        to: paths.leaderboardSettings,
        labelKey: 'nav.leaderboardSettings',
        icon: <IconTrophy size={18} />,
      });
    if (can.chooseSchools !== 'none') {
      items.splice(1, 0, {
        to: paths.selectSchool,
        labelKey: 'nav.schools',
        icon: <IconBuildingCommunity size={18} />,
      });
    }
    return items;
  }
  if (can.dashboard === 'children') return [{ ...dashboard, to: paths.parentDashboard }, ...calendar];
  return [dashboard, ...calendar];
}
