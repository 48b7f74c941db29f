import type { LockReason } from '@ki/domain';

/**
 * The spec's lock texts (access-and-app-shell.md 8) per stage and reason: revise 'Please complete
 * all the topics first'; treasure 'Please Complete All Concepts' or 'Please Complete Revise'.
 */
export const lockTextKey = (stage: 'revise' | 'treasure', reason: LockReason) =>
  stage === 'revise'
    ? 'locks.completeTopics'
    : reason === 'TOPICS_INCOMPLETE'
      ? 'locks.completeConcepts'
      : 'locks.completeRevise';
