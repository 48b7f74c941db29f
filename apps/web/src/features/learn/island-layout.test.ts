import { describe, expect, it } from 'vitest';
import {
  ISLAND_WIDTH,
  islandLayout,
  LABEL_GAP_PX,
  LABEL_LINE_PX,
  STOP_SIZE_PX,
  type IslandStop,
} from './island-layout';

/** Points of the path's segment from a to b (the cubic islandLayout draws: vertical tangents at both ends). */
function segment(a: IslandStop, b: IslandStop, samples = 400): { x: number; y: number }[] {
  const midY = (a.y + b.y) / 2;
  const [p0, p1, p2, p3] = [
    [a.x, a.y],
    [a.x, midY],
    [b.x, midY],
    [b.x, b.y],
  ] as const;
  return Array.from({ length: samples + 1 }, (_, i) => {
    const t = i / samples;
    const u = 1 - t;
    const at = (k: 0 | 1) => u * u * u * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t * t * t * p3[k];
    return { x: at(0), y: at(1) };
  });
}

/**
 * The box a stop's label may fill, in map units, on a phone whose map is `mapPx` wide: from beside
 * the stop to the map's far side, `lines` lines high, centred on the stop, plus half the path's width.
 */
function labelBox(stop: IslandStop, mapPx: number, lines: number) {
  const unitsPerPx = ISLAND_WIDTH / mapPx;
  const inset = (STOP_SIZE_PX / 2 + LABEL_GAP_PX) * unitsPerPx;
  const half = ((lines * LABEL_LINE_PX + 4) / 2) * unitsPerPx + 3;
  return stop.lane === 'left'
    ? { left: stop.x + inset, right: ISLAND_WIDTH, top: stop.y - half, bottom: stop.y + half }
    : { left: 0, right: stop.x - inset, top: stop.y - half, bottom: stop.y + half };
}

describe('island layout: labels beside the stops, the path between them', () => {
  it('alternates the lanes, one row a stop', () => {
    const layout = islandLayout(4);
    expect(layout.stops.map((s) => s.lane)).toEqual(['left', 'right', 'left', 'right', 'left', 'right']);
  });

  // The map on a 320 px phone (288 px: 16 px margins), a 360 px phone, and at its widest (412 px
  // phones, desktops). A label of four lines holds about 120 characters at 360 px.
  it.each([
    [288, 3],
    [328, 4],
    [380, 4],
  ])('on a %s px map, no point of the path is in a label of %s lines', (mapPx, lines) => {
    const layout = islandLayout(8);
    const boxes = layout.stops.map((stop) => labelBox(stop, mapPx, lines));
    const hits: string[] = [];
    for (let i = 1; i < layout.stops.length; i++) {
      for (const p of segment(layout.stops[i - 1]!, layout.stops[i]!)) {
        boxes.forEach((box, k) => {
          if (p.x > box.left && p.x < box.right && p.y > box.top && p.y < box.bottom)
            hits.push(`stop ${k} at ${p.x.toFixed(0)},${p.y.toFixed(0)}`);
        });
      }
    }
    expect(hits).toEqual([]);
  });

  it('the old zigzag, with labels under the stops, ran through them', () => {
    // What the map drew before: lanes 0.5, 0.78, 0.5, 0.22 and the label under each stop, where the
    // path leaves it downwards. Kept as the reason for the layout above.
    const a = { x: 180, y: 70 } as IslandStop;
    const b = { x: 281, y: 174 } as IslandStop;
    const under = { left: a.x - 60, right: a.x + 60, top: a.y + 30, bottom: a.y + 60 };
    expect(
      segment(a, b).some((p) => p.x > under.left && p.x < under.right && p.y > under.top && p.y < under.bottom),
    ).toBe(true);
  });
});
