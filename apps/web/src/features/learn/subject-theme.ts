import { subjectTheme } from '@ki/domain';

/** Card colours per subject theme (access-and-app-shell.md 5: recognised subject names, else default). */
const THEME_COLORS: Record<string, string> = {
  maths: 'indigo',
  science: 'teal',
  biology: 'green',
  chemistry: 'grape',
  physics: 'blue',
  cyber: 'dark',
  english: 'orange',
  history: 'yellow',
  economics: 'lime',
  geography: 'cyan',
  political: 'red',
  cricket: 'green',
  default: 'gray',
};

export const themeColor = (slugOrTheme: string) => THEME_COLORS[subjectTheme(slugOrTheme)] ?? THEME_COLORS.default!;
