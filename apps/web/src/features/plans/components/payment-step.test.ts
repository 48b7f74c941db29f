import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@ki/contracts';
import { METHOD_ICONS } from './payment-step';

describe('the payment methods offered', () => {
  it('are the contract’s, in its order', () => {
    expect(Object.keys(METHOD_ICONS)).toEqual([...PAYMENT_METHODS]);
  });
});
