import { STORAGE_KEYS } from './storage-keys';

/** The schools a staff member chose on /select-school (kept in the browser, checked by the API). */
export interface SchoolSelection {
  schoolIds: number[];
  names: string[];
}

export function readSchoolSelection(): SchoolSelection | null {
  const raw = localStorage.getItem(STORAGE_KEYS.selectedSchools);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as SchoolSelection;
    return Array.isArray(parsed.schoolIds) && parsed.schoolIds.every(Number.isInteger) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSchoolSelection(selection: SchoolSelection): void {
  localStorage.setItem(STORAGE_KEYS.selectedSchools, JSON.stringify(selection));
}
