import type { ReactNode } from 'react';

/**
 * Small pictures for a learner's empty lists: an island waiting for its first bookmark, and an
 * island whose treasure chest is still empty (no content for the grade). Decorative: the text beside
 * them says what is missing.
 */

function Sea({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 160 110"
      width={160}
      height={110}
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', margin: '0 auto' }}
    >
      <ellipse cx={80} cy={84} rx={74} ry={20} fill="#a5d8ff" />
      <path
        d="M 18 92 q 4 -4 8 0 t 8 0 M 126 96 q 4 -4 8 0 t 8 0"
        stroke="#ffffff"
        strokeWidth={2}
        fill="none"
        strokeLinecap="round"
      />
      <ellipse cx={80} cy={80} rx={50} ry={12} fill="#ffe8a3" />
      <ellipse cx={80} cy={77} rx={40} ry={8} fill="#b2f2bb" />
      {children}
    </svg>
  );
}

function Palm({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M 0 0 C 1 -12, -2 -24, -6 -32" stroke="#a0522d" strokeWidth={4} strokeLinecap="round" fill="none" />
      <g fill="#2f9e44">
        <path d="M -6 -32 C -16 -42, -28 -38, -31 -30 C -22 -35, -13 -34, -6 -32 Z" />
        <path d="M -6 -32 C 4 -42, 16 -40, 20 -31 C 11 -36, 2 -35, -6 -32 Z" />
        <path d="M -6 -32 C -9 -44, -2 -50, 5 -48 C -1 -44, -4 -38, -6 -32 Z" />
        <path d="M -6 -32 C -17 -30, -21 -22, -19 -16 C -15 -23, -10 -28, -6 -32 Z" />
      </g>
    </g>
  );
}

/** No bookmarks yet: a ribbon planted on the island, waiting. */
export function EmptyBookmarksArt() {
  return (
    <Sea>
      <Palm x={58} y={76} />
      <path d="M 98 76 V 34" stroke="#868e96" strokeWidth={2.5} strokeLinecap="round" />
      <path d="M 99 35 H 120 V 58 L 110 51 L 99 58 Z" fill="#f03e3e" />
      <path d="M 127 28 l 2 -6 l 2 6 l 6 2 l -6 2 l -2 6 l -2 -6 l -6 -2 Z" fill="#fcc419" />
      <path d="M 84 20 l 1.4 -4 l 1.4 4 l 4 1.4 l -4 1.4 l -1.4 4 l -1.4 -4 l -4 -1.4 Z" fill="#fcc419" />
    </Sea>
  );
}

/** No content: the island, its treasure chest and a question. */
export function EmptyChestArt() {
  return (
    <Sea>
      <Palm x={50} y={76} />
      <g transform="translate(92 52)">
        <path d="M 0 8 L 4 -8 H 34 L 38 8 Z" fill="#a0522d" />
        <rect x={0} y={8} width={38} height={20} rx={3} fill="#8d5524" />
        <rect x={0} y={14} width={38} height={4} fill="#fab005" />
        <rect x={16} y={12} width={6} height={8} rx={1.5} fill="#fab005" />
        <path d="M 6 4 H 32" stroke="#5c3b1e" strokeWidth={2} />
      </g>
      <text x={128} y={38} fontSize={22} fontWeight={800} fill="#4dabf7" fontFamily="sans-serif">
        ?
      </text>
    </Sea>
  );
}
