/**
 * Geometry of the island map: the chapter's topics as numbered stops along a winding path, then the
 * revise stop and the treasure. Pure, so it is tested without drawing.
 *
 * Stops alternate between a left and a right lane, one row each. A stop's label sits beside it on
 * the inner side, across the rest of the row, vertically centred on the stop; the path leaves every
 * stop straight down and crosses to the other lane between the rows, so it never runs through a label
 * (island-layout.test.ts measures the gap).
 */
export interface IslandStop {
  kind: 'topic' | 'revise' | 'treasure';
  /** Topic index (0-based); -1 for revise and treasure. */
  index: number;
  x: number;
  y: number;
  /** The stop's lane: its label reads towards the other one. */
  lane: 'left' | 'right';
}

export interface IslandLayout {
  width: number;
  height: number;
  stops: IslandStop[];
  /** SVG path through every stop in order. */
  path: string;
}

export const ISLAND_WIDTH = 360;
/** Room above the first stop and below the treasure for the island's ends and the sea around them. */
const TOP = 96;
/**
 * Rows are this far apart: room for a label of up to four lines between the path's crossings, and
 * for a palm between two rows' labels (island-shape.ts).
 */
export const ISLAND_STEP = 132;
const BOTTOM = 104;
/** The lanes' centres, as fractions of the width. */
export const LANE_X = { left: 0.2, right: 0.8 } as const;
/** Drawn in screen pixels whatever the map's scale: the stop's diameter and the gap to its label. */
export const STOP_SIZE_PX = 56;
export const LABEL_GAP_PX = 8;
/** Labels are 12 px text with a line height of 1.2, padded 2 px top and bottom. */
export const LABEL_LINE_PX = 14.4;

export function islandLayout(topicCount: number, width: number = ISLAND_WIDTH): IslandLayout {
  const count = Math.max(0, Math.floor(topicCount));
  const kinds: IslandStop['kind'][] = [...Array.from({ length: count }, () => 'topic' as const), 'revise', 'treasure'];
  const stops = kinds.map((kind, i): IslandStop => {
    const lane = i % 2 === 0 ? 'left' : 'right';
    return {
      kind,
      index: kind === 'topic' ? i : -1,
      x: Math.round(width * LANE_X[lane]),
      y: TOP + i * ISLAND_STEP,
      lane,
    };
  });
  const height = TOP + (stops.length - 1) * ISLAND_STEP + BOTTOM;
  let path = `M ${stops[0]!.x} ${stops[0]!.y}`;
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    const midY = (a.y + b.y) / 2;
    // Vertical tangents at both ends: the path leaves and enters each stop downwards, below and
    // above the labels beside it.
    path += ` C ${a.x} ${midY}, ${b.x} ${midY}, ${b.x} ${b.y}`;
  }
  return { width, height, stops, path };
}
