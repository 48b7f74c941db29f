import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MeResponse, OnboardingOptions } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const getOnboardingOptions = (signal?: AbortSignal) =>
  api.get<OnboardingOptions>('/me/onboarding', undefined, signal);
export const onboardingOptionsQuery = () =>
  queryOptions({ queryKey: ['me', 'onboarding'], queryFn: ({ signal }) => getOnboardingOptions(signal) });
export const useOnboardingOptions = () => useQuery(onboardingOptionsQuery());

export type OnboardingChoice = { language?: string; boardId?: number; grade?: number };
export const saveOnboarding = (choice: OnboardingChoice) => api.put<MeResponse>('/me/onboarding', choice);
export const useSaveOnboarding = () => useMutation({ mutationFn: saveOnboarding });
