import { describe, expect, it } from 'vitest';
import { copyField, copyLine } from './copy-format';

describe('COPY text format', () => {
  it.each([
    [null, '\\N'],
    [undefined, '\\N'],
    [42, '42'],
    [0.1 + 0.2, '0.30000000000000004'],
    [true, 't'],
    [false, 'f'],
    [new Date('2026-11-20T10:00:00Z'), '2026-11-20T10:00:00.000Z'],
    [[1, 2, 3], '{1,2,3}'],
    [['a', 'b"c'], '{"a","b\\\\"c"}'],
    [{ en: 'Tab\there' }, '{"en":"Tab\\\\there"}'],
    [[{ q: 1, ok: true }], '[{"q":1,"ok":true}]'],
    ['line\nbreak\\slash', 'line\\nbreak\\\\slash'],
  ])('%j -> %s', (value, text) => {
    expect(copyField(value as never)).toBe(text);
  });

  it('refuses numbers PostgreSQL cannot read', () => {
    expect(() => copyField(Number.NaN)).toThrow(RangeError);
  });

  it('writes a tab-separated line', () => {
    expect(copyLine({ a: 1, b: 'x', c: null }, ['a', 'b', 'c'])).toBe('1\tx\t\\N\n');
  });
});
