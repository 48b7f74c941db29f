import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSENT_TEXT_VERSION, type GiveConsentBody, type StudentPrivacy } from '@ki/contracts';
import { api } from '../../../lib/api-client';
import { storeAnswer } from '../../../lib/store-answer';
import { privacyKey } from './student-privacy';

/**
 * The parent's consent for an account the family made (issue #27; DPDP Act 2023 s.9): a linked
 * parent withdraws it (the child is signed out and cannot sign in or play) or gives it again, to the
 * current consent text. Each answers with the student's data rights, which replace the cached ones;
 * a refusal (consent changed meanwhile, in another tab) asks for them again.
 */
export const withdrawConsent = (studentId: number) =>
  api.post<StudentPrivacy>(`/students/${studentId}/consent/withdraw`, {});

export const giveConsent = (studentId: number) =>
  api.post<StudentPrivacy>(`/students/${studentId}/consent`, {
    agreed: true,
    textVersion: CONSENT_TEXT_VERSION,
  } satisfies GiveConsentBody);

function useConsentMutation(studentId: number, mutationFn: () => Promise<StudentPrivacy>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (privacy) => storeAnswer(client, privacyKey(studentId), privacy),
    onError: () => client.invalidateQueries({ queryKey: privacyKey(studentId) }),
  });
}

export const useWithdrawConsent = (studentId: number) =>
  useConsentMutation(studentId, () => withdrawConsent(studentId));
export const useGiveConsent = (studentId: number) => useConsentMutation(studentId, () => giveConsent(studentId));
