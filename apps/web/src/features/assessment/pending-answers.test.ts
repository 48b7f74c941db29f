import { describe, expect, it } from 'vitest';
import { createPendingAnswers } from './pending-answers';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('answers not yet on the server', () => {
  it('are kept on the device until the server has them, and survive a reload', () => {
    const storage = memoryStorage();
    const store = createPendingAnswers(storage);
    store.put('a1', 2, { chosen: [1], textAnswer: null });
    store.put('a1', 5, { chosen: null, textAnswer: 'Photosynthesis' });
    // A reload: a new store over the same storage finds both.
    const again = createPendingAnswers(storage);
    expect(again.of('a1')).toEqual({
      2: { chosen: [1], textAnswer: null },
      5: { chosen: null, textAnswer: 'Photosynthesis' },
    });
    again.settle('a1', 2, { chosen: [1], textAnswer: null });
    expect(Object.keys(again.of('a1'))).toEqual(['5']);
    again.settle('a1', 5, { chosen: null, textAnswer: 'Photosynthesis' });
    expect(again.of('a1')).toEqual({});
    expect(storage.data.size).toBe(0);
  });

  it('keep a newer answer to the same question when the older one is acknowledged', () => {
    const store = createPendingAnswers(memoryStorage());
    store.put('a1', 1, { chosen: [0], textAnswer: null });
    store.put('a1', 1, { chosen: [3], textAnswer: null });
    store.settle('a1', 1, { chosen: [0], textAnswer: null });
    store.fail('a1', 1, { chosen: [0], textAnswer: null });
    expect(store.of('a1')).toEqual({ 1: { chosen: [3], textAnswer: null } });
  });

  it('mark an answer whose tries ran out, and clear the mark when it is sent again', () => {
    const store = createPendingAnswers(memoryStorage());
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.put('a1', 1, { chosen: [2], textAnswer: null });
    store.fail('a1', 1, { chosen: [2], textAnswer: null });
    expect(store.of('a1')[1]?.failed).toBe(true);
    store.retrying('a1', 1);
    expect(store.of('a1')[1]?.failed).toBeUndefined();
    expect(changes).toBe(3);
  });

  it('are counted and dropped when the attempt ends, other attempts untouched', () => {
    const store = createPendingAnswers(memoryStorage());
    store.put('a1', 1, { chosen: [2], textAnswer: null });
    store.put('a1', 2, { chosen: [0], textAnswer: null });
    store.put('a2', 1, { chosen: [1], textAnswer: null });
    expect(store.drop('a1')).toBe(2);
    expect(store.drop('a1')).toBe(0);
    expect(store.of('a2')).toEqual({ 1: { chosen: [1], textAnswer: null } });
  });

  it('read a damaged entry as none, and keep working without storage', () => {
    const storage = memoryStorage();
    storage.setItem('ki.pendingAnswers', '{not json');
    expect(createPendingAnswers(storage).of('a1')).toEqual({});
    const none = createPendingAnswers(null);
    none.put('a1', 1, { chosen: [0], textAnswer: null });
    expect(none.of('a1')).toEqual({ 1: { chosen: [0], textAnswer: null } });
  });
});
