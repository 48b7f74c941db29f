import { subjectTheme, type SubjectTheme } from '@ki/domain';

/**
 * Colours of the island map per subject theme (access-and-app-shell.md 5: recognised subjects, else
 * default), in the light map and the night one (the island page's theme picker, 2.8).
 */
export type MapMode = 'light' | 'dark';

/** Every colour the drawn map uses. */
export interface MapColors {
  sea: string;
  /** The lighter water just off the beach. */
  shallow: string;
  foam: string;
  wave: string;
  sand: string;
  land: string;
  landEdge: string;
  /** The dotted route between the stops. */
  path: string;
  shadow: string;
  trunk: string;
  leaf: string;
  rock: string;
  rockLight: string;
  petal: string;
  hull: string;
  sail: string;
  /** The stops' labels: their text and the halo that keeps it readable over any part of the map. */
  ink: string;
  halo: string;
}

export interface IslandTheme {
  /** Mantine colour name for buttons, badges and the stops. */
  accent: string;
  light: MapColors;
  dark: MapColors;
}

/** What differs per subject: its water, its land, its route and sail. */
interface SubjectColors {
  sea: string;
  shallow: string;
  land: string;
  path: string;
  accent: string;
}

const SUBJECTS: Record<SubjectTheme, SubjectColors> = {
  maths: { sea: '#91a7ff', shallow: '#bac8ff', land: '#b2f2bb', path: '#4263eb', accent: 'indigo' },
  science: { sea: '#63e6be', shallow: '#96f2d7', land: '#d8f5a2', path: '#099268', accent: 'teal' },
  biology: { sea: '#74c0fc', shallow: '#a5d8ff', land: '#8ce99a', path: '#2b8a3e', accent: 'green' },
  chemistry: { sea: '#da77f2', shallow: '#eebefa', land: '#c0eb75', path: '#9c36b5', accent: 'grape' },
  cyber: { sea: '#748ffc', shallow: '#bac8ff', land: '#ced4da', path: '#343a40', accent: 'dark' },
  physics: { sea: '#74c0fc', shallow: '#a5d8ff', land: '#b2f2bb', path: '#1971c2', accent: 'blue' },
  english: { sea: '#66d9e8', shallow: '#99e9f2', land: '#c0eb75', path: '#e8590c', accent: 'orange' },
  history: { sea: '#74c0fc', shallow: '#a5d8ff', land: '#e9d8a6', path: '#d9480f', accent: 'yellow' },
  economics: { sea: '#63e6be', shallow: '#96f2d7', land: '#a9e34b', path: '#5c940d', accent: 'lime' },
  geography: { sea: '#66d9e8', shallow: '#99e9f2', land: '#b2f2bb', path: '#0c8599', accent: 'cyan' },
  political: { sea: '#74c0fc', shallow: '#a5d8ff', land: '#c0eb75', path: '#e03131', accent: 'red' },
  cricket: { sea: '#63e6be', shallow: '#96f2d7', land: '#69db7c', path: '#2b8a3e', accent: 'green' },
  default: { sea: '#74c0fc', shallow: '#a5d8ff', land: '#c3fae8', path: '#495057', accent: 'gray' },
};

function lightColors(s: SubjectColors): MapColors {
  return {
    sea: s.sea,
    shallow: s.shallow,
    foam: '#ffffff',
    wave: '#ffffff',
    sand: '#ffe8a3',
    land: s.land,
    landEdge: 'rgba(0, 0, 0, 0.06)',
    path: s.path,
    shadow: 'rgba(0, 0, 0, 0.12)',
    trunk: '#a0522d',
    leaf: '#2f9e44',
    rock: '#adb5bd',
    rockLight: '#e9ecef',
    petal: '#ff8787',
    hull: '#8d5524',
    sail: s.path,
    ink: '#212529',
    halo: '0 0 3px rgba(255,255,255,0.95), 0 0 6px rgba(255,255,255,0.85)',
  };
}

/** The night map: the same island under a dark sky; the route in moonlight yellow. */
function darkColors(s: SubjectColors): MapColors {
  return {
    sea: '#14244a',
    shallow: '#1f3a6e',
    foam: 'rgba(255, 255, 255, 0.35)',
    wave: 'rgba(165, 216, 255, 0.6)',
    sand: '#a8925e',
    land: '#2f6b48',
    landEdge: 'rgba(0, 0, 0, 0.2)',
    path: '#ffd43b',
    shadow: 'rgba(0, 0, 0, 0.3)',
    trunk: '#8b5a3c',
    leaf: '#51cf66',
    rock: '#6c757d',
    rockLight: '#adb5bd',
    petal: '#faa2c1',
    hull: '#a0703f',
    sail: s.shallow,
    ink: '#f8f9fa',
    halo: '0 0 3px rgba(0,0,0,0.95), 0 0 6px rgba(0,0,0,0.85)',
  };
}

export const islandTheme = (slugOrTheme: string): IslandTheme => {
  const s = SUBJECTS[subjectTheme(slugOrTheme)];
  return { accent: s.accent, light: lightColors(s), dark: darkColors(s) };
};
