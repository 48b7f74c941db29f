import { subjectTheme } from '@ki/domain';
import type { CSSProperties } from 'react';

/**
 * A subject's picture: one per theme (access-and-app-shell.md 5), drawn in the subject's colour. The
 * pictures are static files (public/subjects/*.svg, precached with the app), not code: /concepts'
 * first load is at its budget (docs/PERFORMANCE.md). Decorative: the subject's name is beside it.
 */
export function SubjectIcon({ subject, size = 40, style }: { subject: string; size?: number; style?: CSSProperties }) {
  const theme = subjectTheme(subject);
  return (
    <img
      src={`/subjects/${theme}.svg`}
      alt=""
      width={size}
      height={size}
      draggable={false}
      data-testid={`subject-icon-${theme}`}
      style={{ flexShrink: 0, display: 'block', ...style }}
    />
  );
}
