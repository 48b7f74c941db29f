import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it.each([
    ['/', 'Knowledge Islands'],
    ['/concepts', 'Concepts | Knowledge Islands'],
    ['/student-list', 'Student list | Knowledge Islands'],
    ['/teacher/login', 'Teacher | Knowledge Islands'],
    ['/maths/chapters', 'Maths | Knowledge Islands'],
    ['//', 'Knowledge Islands'],
  ])('%s -> %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});
