import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { storeAnswer, updateAnswer } from './store-answer';

/** A read the test answers by hand, as a slow network would, after the write has answered. */
function slowRead<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { queryFn: () => promise, answer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a write answered while a read of the same thing is on its way', () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => client.clear());

  it('storeAnswer keeps the write: the older read arriving last does not undo it', async () => {
    const key = ['room', 7];
    client.setQueryData(key, { name: 'Grade VII A', favorite: false });
    const read = slowRead<{ name: string; favorite: boolean }>();
    void client.fetchQuery({ queryKey: key, queryFn: read.queryFn, staleTime: 0 });

    storeAnswer(client, key, { name: 'Grade VII A', favorite: true });
    read.answer({ name: 'Grade VII A', favorite: false });
    await settle();

    expect(client.getQueryData(key)).toEqual({ name: 'Grade VII A', favorite: true });
    expect(client.getQueryState(key)?.fetchStatus).toBe('idle');
  });

  it('without it, the same order of events loses the write (what the helper is for)', async () => {
    const key = ['room', 8];
    client.setQueryData(key, { favorite: false });
    const read = slowRead<{ favorite: boolean }>();
    const fetched = client.fetchQuery({ queryKey: key, queryFn: read.queryFn, staleTime: 0 });

    client.setQueryData(key, { favorite: true });
    read.answer({ favorite: false });
    await fetched;

    expect(client.getQueryData(key)).toEqual({ favorite: false });
  });

  it('storeAnswer fills a copy that had no answer yet (signed out: me is null)', async () => {
    const key = ['me'];
    const read = slowRead<{ id: number } | null>();
    void client.fetchQuery({ queryKey: key, queryFn: read.queryFn });

    storeAnswer(client, key, null);
    read.answer({ id: 3 });
    await settle();

    expect(client.getQueryData(key)).toBeNull();
    expect(client.getQueryState(key)?.status).toBe('success');
  });

  it('updateAnswer applies the change over a read on its way', async () => {
    const key = ['notices'];
    client.setQueryData(key, { items: [1, 2, 3] });
    const read = slowRead<{ items: number[] }>();
    void client.fetchQuery({ queryKey: key, queryFn: read.queryFn, staleTime: 0 });

    updateAnswer<{ items: number[] }>(client, key, (data) => ({ items: data.items.filter((i) => i !== 2) }));
    read.answer({ items: [1, 2, 3] });
    await settle();

    expect(client.getQueryData(key)).toEqual({ items: [1, 3] });
  });

  it('updateAnswer leaves the first read alone when nothing is held yet (the page would wait for good)', async () => {
    const key = ['queue'];
    const read = slowRead<{ items: number[] }>();
    const fetched = client.fetchQuery({ queryKey: key, queryFn: read.queryFn });

    updateAnswer<{ items: number[] }>(client, key, () => ({ items: [] }));
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');
    read.answer({ items: [4] });
    await fetched;

    expect(client.getQueryData(key)).toEqual({ items: [4] });
  });
});
