import { subjectTheme, type SubjectTheme } from '@ki/domain';

/** Colours of the island map per subject theme (access-and-app-shell.md 5: recognised subjects, else default). */
export interface IslandTheme {
  sea: string;
  land: string;
  shore: string;
  path: string;
  /** Mantine colour name for buttons and badges. */
  accent: string;
}

const THEMES: Record<SubjectTheme, IslandTheme> = {
  maths: { sea: '#dbe4ff', land: '#b2f2bb', shore: '#ffec99', path: '#5c7cfa', accent: 'indigo' },
  science: { sea: '#c3fae8', land: '#d8f5a2', shore: '#fff3bf', path: '#0ca678', accent: 'teal' },
  biology: { sea: '#d3f9d8', land: '#8ce99a', shore: '#fff3bf', path: '#2f9e44', accent: 'green' },
  chemistry: { sea: '#f3d9fa', land: '#c0eb75', shore: '#fff3bf', path: '#ae3ec9', accent: 'grape' },
  cyber: { sea: '#dee2e6', land: '#ced4da', shore: '#f1f3f5', path: '#343a40', accent: 'dark' },
  physics: { sea: '#d0ebff', land: '#b2f2bb', shore: '#ffec99', path: '#1c7ed6', accent: 'blue' },
  english: { sea: '#ffe8cc', land: '#c0eb75', shore: '#fff9db', path: '#f76707', accent: 'orange' },
  history: { sea: '#fff3bf', land: '#e9d8a6', shore: '#fff9db', path: '#e67700', accent: 'yellow' },
  economics: { sea: '#e9fac8', land: '#a9e34b', shore: '#fff9db', path: '#5c940d', accent: 'lime' },
  geography: { sea: '#c5f6fa', land: '#b2f2bb', shore: '#ffec99', path: '#1098ad', accent: 'cyan' },
  political: { sea: '#ffe3e3', land: '#c0eb75', shore: '#fff3bf', path: '#e03131', accent: 'red' },
  cricket: { sea: '#d3f9d8', land: '#69db7c', shore: '#fff3bf', path: '#2b8a3e', accent: 'green' },
  default: { sea: '#e7f5ff', land: '#c3fae8', shore: '#fff9db', path: '#495057', accent: 'gray' },
};

export const islandTheme = (slugOrTheme: string): IslandTheme => THEMES[subjectTheme(slugOrTheme)];
