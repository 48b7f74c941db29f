import { useMutation } from '@tanstack/react-query';
import type { LaunchExamBody, LaunchExamResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

/** POST /exams/launch: the outside test site's address with a fresh signed token (access-and-app-shell.md 2.2). */
export const launchExam = (body: LaunchExamBody) => api.post<LaunchExamResponse>('/exams/launch', body);

/**
 * A launch, asked for even offline (networkMode 'always'): it then fails at once and the page says
 * the section is not accessible, rather than waiting for a network that may not come.
 */
export const useLaunchExam = () => useMutation({ mutationFn: launchExam, networkMode: 'always', retry: false });
