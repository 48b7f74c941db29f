import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentHome } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

export const getAssessmentHome = (signal?: AbortSignal) =>
  api.get<AssessmentHome>('/assessment/home', undefined, signal);

/**
 * The quizzes home: the student's subjects, assigned quizzes and tests, the open attempt and recent
 * results. Asked for again on every visit: an attempt finished on another device shows at once.
 */
export const assessmentHomeQuery = () =>
  queryOptions({ queryKey: assessmentKeys.home(), queryFn: ({ signal }) => getAssessmentHome(signal), staleTime: 0 });

export const useAssessmentHome = (enabled = true) => useQuery({ ...assessmentHomeQuery(), enabled });
