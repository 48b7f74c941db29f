import { readSchoolSelection } from '../../lib/school-selection';
import { useMe } from '../../lib/session';
import { useUrlState } from '../../lib/url-state';
import type { Scope } from './api/analytics';

/**
 * The dashboard's scope: the schools chosen on /select-school (or the user's own), and the grade in
 * the address (?grade=7), so a reload or a shared link shows the same view. Choosing another grade
 * starts its view afresh: first grade tab, page 1, no search.
 */
export function useScope(): { scope: Scope; setGrade: (grade: number | null) => void } {
  const { data: me } = useMe();
  const { params, setView } = useUrlState();
  const selection = readSchoolSelection();
  const mine = me?.staff.schoolIds ?? [];
  const chosen = selection?.schoolIds.length ? selection.schoolIds : [];
  // A super-admin's schools come from the selection; others default to their own schools.
  const chosenOfMine = chosen.filter((id) => mine.includes(id));
  const schoolIds =
    me?.abilities.chooseSchools === 'many' ? chosen : chosenOfMine.length ? chosenOfMine : mine.slice(0, 1);
  const gradeParam = Number(params.get('grade'));
  const grade = Number.isInteger(gradeParam) && gradeParam >= 1 && gradeParam <= 12 ? gradeParam : null;
  return {
    scope: { schoolIds, grade },
    setGrade: (g) => setView({ grade: g, gradeTab: null, page: null, q: null }),
  };
}
