import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassRoom } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** Which class room: a school's board, grade and section (the route's four parts). */
export interface ClassRoomKey {
  schoolId: number;
  boardId: number;
  grade: number;
  section: string;
}

export const classRoomQuery = (c: ClassRoomKey) =>
  queryOptions({
    queryKey: ['class-rooms', c.schoolId, c.boardId, c.grade, c.section],
    queryFn: ({ signal }) =>
      api.get<ClassRoom>(
        `/class-rooms/${c.schoolId}/${c.boardId}/${c.grade}/${encodeURIComponent(c.section)}`,
        undefined,
        signal,
      ),
  });

/**
 * GET /class-rooms/{schoolId}/{boardId}/{grade}/{section}: one class's students, quizzes and tests,
 * and its calendar ahead. A class the caller does not teach is a 404, as one that does not exist.
 */
export const useClassRoom = (c: ClassRoomKey | null) =>
  useQuery({ ...classRoomQuery(c ?? { schoolId: 0, boardId: 0, grade: 0, section: '' }), enabled: c !== null });
