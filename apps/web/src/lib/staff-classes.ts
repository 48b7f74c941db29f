import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Abilities, AssessmentClass, AssessmentClassesResponse, MeResponse } from '@ki/contracts';
import { api } from './api-client';

/**
 * The classes a staff member may put events and live classes on: those they may write quizzes for
 * (GET /assessments/classes, the same scope), with the school's time zone. Kept for the visit, under
 * the quiz screens' key, as they change only when the school changes a teacher's assignments. Shared
 * by the quiz screens, the calendar, live classes, class rooms and the drive's sharing.
 */
export const classesQuery = () =>
  queryOptions({
    queryKey: ['assessments', 'classes'],
    queryFn: ({ signal }) => api.get<AssessmentClassesResponse>('/assessments/classes', undefined, signal),
    staleTime: 30 * 60_000,
  });
export const useWriterClasses = (enabled: boolean) => useQuery({ ...classesQuery(), enabled });

/**
 * What a staff member may put calendar events and live classes on (the forms' offer: the server's
 * policy enforces the same rules, hiding is comfort, the server decides).
 */
export interface StaffScope {
  /** Principals and super-admins: any class of their schools, the whole school, any subject or none. */
  wholeSchool: boolean;
  /** Their classes (GET /assessments/classes): a teacher's covers, or every class of their schools. */
  classes: readonly AssessmentClass[];
  /** A teacher's assignments; a null subject covers every subject of that school's grade. */
  covers: Abilities['subjectSummaries'];
}

/** The signed-in staff member's scope, once their classes and their account have both arrived. */
export function useStaffScope(classes: AssessmentClassesResponse | undefined, me: MeResponse | null | undefined) {
  return useMemo<StaffScope | null>(
    () =>
      classes && me
        ? { wholeSchool: me.user.role !== 'teacher', classes: classes.classes, covers: me.abilities.subjectSummaries }
        : null,
    [classes, me],
  );
}

export interface School {
  id: number;
  name: string;
  timeZone: string;
}

/** The schools of the classes, in the order of the classes (by name). */
export function schoolsOf(classes: readonly AssessmentClass[]): School[] {
  const schools = new Map<number, School>();
  for (const c of classes)
    if (!schools.has(c.schoolId)) schools.set(c.schoolId, { id: c.schoolId, name: c.schoolName, timeZone: c.timeZone });
  return [...schools.values()];
}
