/**
 * Geometry of the island map: the chapter's topics as numbered stops along a winding path, then the
 * revise stop and the treasure. Pure, so it is tested without drawing.
 */
export interface IslandStop {
  kind: 'topic' | 'revise' | 'treasure';
  /** Topic index (0-based); -1 for revise and treasure. */
  index: number;
  x: number;
  y: number;
}

export interface IslandLayout {
  width: number;
  height: number;
  stops: IslandStop[];
  /** SVG path through every stop in order. */
  path: string;
}

export const ISLAND_WIDTH = 360;
const TOP = 70;
const STEP = 104;
const BOTTOM = 80;
/** Horizontal positions cycle through these fractions of the width: a gentle zigzag that fits 360 px. */
const LANES = [0.5, 0.78, 0.5, 0.22];

export function islandLayout(topicCount: number, width: number = ISLAND_WIDTH): IslandLayout {
  const count = Math.max(0, Math.floor(topicCount));
  const kinds: IslandStop['kind'][] = [...Array.from({ length: count }, () => 'topic' as const), 'revise', 'treasure'];
  const stops = kinds.map((kind, i) => ({
    kind,
    index: kind === 'topic' ? i : -1,
    x: Math.round(width * LANES[i % LANES.length]!),
    y: TOP + i * STEP,
  }));
  const height = TOP + (stops.length - 1) * STEP + BOTTOM;
  let path = `M ${stops[0]!.x} ${stops[0]!.y}`;
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    const midY = (a.y + b.y) / 2;
    // Vertical tangents at both ends: the path leaves and enters each stop downwards.
    path += ` C ${a.x} ${midY}, ${b.x} ${midY}, ${b.x} ${b.y}`;
  }
  return { width, height, stops, path };
}
