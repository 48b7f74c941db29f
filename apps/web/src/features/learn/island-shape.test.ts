import { describe, expect, it } from 'vitest';
import { ISLAND_WIDTH, islandLayout, STOP_SIZE_PX } from './island-layout';
import {
  boxDistance,
  DECORATION_CLEARANCE_PX,
  edgeDistance,
  insidePolygon,
  islandShape,
  LABEL_CASES,
  labelBox,
  pathPoints,
  seededRandom,
} from './island-shape';

// Chapters of every size the content has (1 to 12 topics), each with a few seeds (chapter ids).
const CASES = [1, 2, 3, 4, 5, 6, 8, 10, 12].flatMap((topics) =>
  [7, 1042, 99_871].map((seed) => [topics, seed] as const),
);

describe('island shape: each chapter its own island', () => {
  it('the same seed gives the same island', () => {
    const layout = islandLayout(5);
    expect(islandShape(layout, 42)).toEqual(islandShape(islandLayout(5), 42));
  });

  it('two chapters of one subject, even with as many topics, have different coasts and scenery', () => {
    const layout = islandLayout(5);
    const a = islandShape(layout, 101);
    const b = islandShape(layout, 102);
    expect(a.coast).not.toBe(b.coast);
    expect(a.decorations).not.toEqual(b.decorations);
  });

  it('no two of a hundred chapters share a coast', () => {
    const coasts = new Set(Array.from({ length: 100 }, (_, id) => islandShape(islandLayout(4), id + 1).coast));
    expect(coasts.size).toBe(100);
  });

  it('the seeded generator repeats and spreads', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((n, v) => n + v, 0) / values.length).toBeCloseTo(0.5, 1);
  });

  it.each(CASES)(
    '%s topics, seed %s: every stop and the whole path are on the island, inside the map',
    (topics, seed) => {
      const layout = islandLayout(topics);
      const shape = islandShape(layout, seed);
      // The stop's disc on the smallest map (the most map units it takes) is inside the coast.
      const radius = (STOP_SIZE_PX / 2) * (ISLAND_WIDTH / 288);
      for (const stop of layout.stops) {
        expect(insidePolygon(stop, shape.landPolygon), `stop at ${stop.x},${stop.y} on land`).toBe(true);
        expect(insidePolygon(stop, shape.coastPolygon)).toBe(true);
        expect(edgeDistance(stop, shape.coastPolygon)).toBeGreaterThanOrEqual(radius);
      }
      const offLand = pathPoints(layout.stops).filter((p) => !insidePolygon(p, shape.landPolygon));
      expect(offLand).toEqual([]);
      for (const p of shape.coastPolygon) {
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(layout.width);
        expect(p.y).toBeGreaterThanOrEqual(0);
        expect(p.y).toBeLessThanOrEqual(layout.height);
      }
    },
  );

  it.each(CASES)(
    '%s topics, seed %s: no decoration is within 8 px of a stop, a label or the path, at any map size',
    (topics, seed) => {
      const layout = islandLayout(topics);
      const shape = islandShape(layout, seed);
      expect(shape.decorations.length).toBeGreaterThan(3);
      const path = pathPoints(layout.stops);
      const hits: string[] = [];
      for (const [mapPx, lines] of LABEL_CASES) {
        const unitsPerPx = ISLAND_WIDTH / mapPx;
        const stopR = (STOP_SIZE_PX / 2) * unitsPerPx;
        const clear = DECORATION_CLEARANCE_PX * unitsPerPx;
        for (const d of shape.decorations) {
          const at = `${d.kind} at ${d.x},${d.y} on a ${mapPx} px map`;
          for (const stop of layout.stops) {
            if (Math.hypot(stop.x - d.x, stop.y - d.y) < stopR + d.r + clear)
              hits.push(`${at}: stop ${stop.x},${stop.y}`);
            if (boxDistance(d, labelBox(stop, layout.width, mapPx, lines)) < d.r + clear)
              hits.push(`${at}: label of ${stop.x},${stop.y}`);
          }
          if (path.some((p) => Math.hypot(p.x - d.x, p.y - d.y) < d.r + clear)) hits.push(`${at}: path`);
        }
      }
      expect(hits).toEqual([]);
    },
  );

  it.each(CASES)('%s topics, seed %s: land things are on land, sea things at sea, none overlap', (topics, seed) => {
    const layout = islandLayout(topics);
    const shape = islandShape(layout, seed);
    for (const d of shape.decorations) {
      const onLand = insidePolygon(d, shape.landPolygon);
      const atSea = !insidePolygon(d, shape.coastPolygon);
      const where = d.kind === 'boat' || d.kind === 'wave' ? atSea : d.kind === 'rock' ? onLand || atSea : onLand;
      expect(where, `${d.kind} at ${d.x},${d.y}`).toBe(true);
    }
    shape.decorations.forEach((a, i) =>
      shape.decorations
        .slice(i + 1)
        .forEach((b) => expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(a.r + b.r)),
    );
  });
});
