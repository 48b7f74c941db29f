import { useMutation } from '@tanstack/react-query';
import type { MeResponse, RequestOtpResponse } from '@ki/contracts';
import { api } from '../../../lib/api-client';

export const requestOtp = (mobile: string) => api.post<RequestOtpResponse>('/auth/otp', { mobile });
export const verifyOtp = (challengeId: string, code: string) =>
  api.post<MeResponse>('/auth/otp/verify', { challengeId, code });
export const signInWithCode = (code: string, password: string) =>
  api.post<MeResponse>('/auth/code', { code, password });
export const signInStaff = (mobile: string, password: string) =>
  api.post<MeResponse>('/auth/staff', { mobile, password });

export const useRequestOtp = () => useMutation({ mutationFn: requestOtp });
export const useVerifyOtp = () =>
  useMutation({
    mutationFn: ({ challengeId, code }: { challengeId: string; code: string }) => verifyOtp(challengeId, code),
  });
export const useCodeSignIn = () =>
  useMutation({
    mutationFn: ({ code, password }: { code: string; password: string }) => signInWithCode(code, password),
  });
export const useStaffSignIn = () =>
  useMutation({
    mutationFn: ({ mobile, password }: { mobile: string; password: string }) => signInStaff(mobile, password),
  });
