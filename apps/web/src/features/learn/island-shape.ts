/**
 * The island's coastline and scenery, generated from the chapter's layout (island-layout.ts) and a
 * seed (the chapter's id): every chapter is its own island, the same one on every visit. Pure, so it
 * is tested without drawing (island-shape.test.ts).
 *
 * The coast is a smooth closed curve through control points set around the stops at seeded
 * distances: a rounded box around the stops' rows, roughened by smoothed seeded noise and coves
 * between the rows, then pushed out wherever a stop, a label's first line or the path would be at
 * sea. Decorations (palms,
 * rocks, flowers, grass on land; a boat, rocks and waves at sea) are placed at seeded spots and kept clear of the
 * stops, their labels and the path, measured at the smallest map the page draws.
 */
import {
  ISLAND_WIDTH,
  LABEL_GAP_PX,
  LABEL_LINE_PX,
  STOP_SIZE_PX,
  type IslandLayout,
  type IslandStop,
} from './island-layout';

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export type DecorationKind = 'palm' | 'rock' | 'flower' | 'tuft' | 'boat' | 'wave';

export interface Decoration {
  kind: DecorationKind;
  x: number;
  y: number;
  /** Radius of the circle the drawing stays within, in map units. */
  r: number;
  /** Drawn mirrored, so two palms are not twins. */
  flip: boolean;
}

export interface IslandShape {
  /** SVG path of the coast: the outer edge of the beach. */
  coast: string;
  /** SVG path of the land inside the beach. */
  land: string;
  /** The coast and the land as the polygons their curves pass through, finely sampled (for tests and placement). */
  coastPolygon: Point[];
  landPolygon: Point[];
  decorations: Decoration[];
}

/**
 * The smallest map the page draws is 288 px wide (a 320 px phone less its margins); the stops and the
 * labels are drawn in screen pixels, so that is where they take the most map units.
 */
export const MIN_MAP_PX = 288;
/** The map's widths at which label sizes are checked, with the lines a label may take there (island-layout.test.ts). */
export const LABEL_CASES: readonly (readonly [mapPx: number, lines: number])[] = [
  [288, 3],
  [328, 4],
  [380, 4],
];
/** Decorations keep this many pixels from every stop, every label and the path, at any map size. */
export const DECORATION_CLEARANCE_PX = 8;
/** How far inside the coast the land begins: the beach. */
export const SHORE_WIDTH = 11;

/** A stop's radius in map units on the smallest map. */
export const stopRadius = (width: number = ISLAND_WIDTH) => (STOP_SIZE_PX / 2) * (width / MIN_MAP_PX);

/**
 * The box a stop's label may fill on a map `mapPx` wide when it takes `lines` lines: from beside the
 * stop to the map's far side, centred on the stop's row.
 */
export function labelBox(stop: IslandStop, width: number, mapPx: number, lines: number): Box {
  const unitsPerPx = width / mapPx;
  const inset = (STOP_SIZE_PX / 2 + LABEL_GAP_PX) * unitsPerPx;
  const half = ((lines * LABEL_LINE_PX + 4) / 2) * unitsPerPx;
  return stop.lane === 'left'
    ? { left: stop.x + inset, right: width, top: stop.y - half, bottom: stop.y + half }
    : { left: 0, right: stop.x - inset, top: stop.y - half, bottom: stop.y + half };
}

/** A small fast generator (mulberry32): the same seed gives the same island on every device. */
export function seededRandom(seed: number): () => number {
  let a = (Math.imul(Math.floor(seed) ^ 0x5bd1e995, 0x9e3779b1) + 0x6d2b79f5) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Points of the path's cubic segments (islandLayout draws vertical tangents at both ends of each). */
export function pathPoints(stops: IslandStop[], perSegment = 40): Point[] {
  const points: Point[] = [];
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    const midY = (a.y + b.y) / 2;
    for (let s = 0; s <= perSegment; s++) {
      const t = s / perSegment;
      const u = 1 - t;
      const x = u * u * u * a.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * b.x;
      const y = u * u * u * a.y + 3 * u * u * t * midY + 3 * u * t * t * midY + t * t * t * b.y;
      points.push({ x, y });
    }
  }
  return points;
}

/** Whether `p` is inside the closed polygon (even-odd rule). */
export function insidePolygon(p: Point, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Distance from `p` to a line through `points` in order, or `within` when it is farther than that (a shortcut). */
export function polylineDistance(p: Point, points: Point[], within = Infinity): number {
  let best = within;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (Math.abs(a.y - p.y) > best + 40 && Math.abs(b.y - p.y) > best + 40 && (a.y - p.y) * (b.y - p.y) > 0) continue;
    best = Math.min(best, segmentDistance(p, a, b));
  }
  return best;
}

/** Distance from `p` to the polygon's edge, or `within` when it is farther than that (a shortcut). */
export function edgeDistance(p: Point, polygon: Point[], within = Infinity): number {
  let best = within;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[j]!;
    const b = polygon[i]!;
    // Both ends farther than the best so far on one side: the edge cannot be nearer.
    if ((a.x - p.x > best && b.x - p.x > best) || (p.x - a.x > best && p.x - b.x > best)) continue;
    if ((a.y - p.y > best && b.y - p.y > best) || (p.y - a.y > best && p.y - b.y > best)) continue;
    best = Math.min(best, segmentDistance(p, a, b));
  }
  return best;
}

/** Distance from `p` to a box (0 inside it). */
export function boxDistance(p: Point, box: Box): number {
  const dx = Math.max(box.left - p.x, 0, p.x - box.right);
  const dy = Math.max(box.top - p.y, 0, p.y - box.bottom);
  return Math.hypot(dx, dy);
}

function nearestVertex(p: Point, polygon: Point[]): Point {
  let best = polygon[0]!;
  for (const q of polygon) if (Math.hypot(q.x - p.x, q.y - p.y) < Math.hypot(best.x - p.x, best.y - p.y)) best = q;
  return best;
}

/** Signed distance inside the polygon (positive inside, negative outside), capped at `within`. */
const depth = (p: Point, polygon: Point[], within = 64) =>
  (insidePolygon(p, polygon) ? 1 : -1) * edgeDistance(p, polygon, within);

/**
 * Where the coast's control points sit: on rays from a vertical spine down the island's middle,
 * straight out to either side along it and fanning out around its two ends, spread evenly along the
 * way round (rays from a single centre would leave the long sides of a tall island with few points).
 * A place on the way round is `t`, from 0 to `length`, clockwise from the spine's top on the right.
 */
interface Frame {
  x: number;
  top: number;
  bottom: number;
  /** Length of a side and of an end's half turn, in map units of the way round. */
  side: number;
  end: number;
  length: number;
  count: number;
}

function makeFrame(x: number, top: number, bottom: number, endRadius: number): Frame {
  const side = Math.max(0, bottom - top);
  const end = Math.PI * endRadius;
  const length = 2 * side + 2 * end;
  return { x, top, bottom, side, end, length, count: Math.max(32, Math.round(length / 24)) };
}

/** The ray at `t`: where it starts on the spine and its direction. */
function ray(f: Frame, t: number): { o: Point; u: Point } {
  const at = ((t % f.length) + f.length) % f.length;
  if (at < f.side) return { o: { x: f.x, y: f.top + at }, u: { x: 1, y: 0 } };
  if (at < f.side + f.end) {
    const angle = ((at - f.side) / f.end) * Math.PI;
    return { o: { x: f.x, y: f.bottom }, u: { x: Math.cos(angle), y: Math.sin(angle) } };
  }
  if (at < 2 * f.side + f.end) return { o: { x: f.x, y: f.bottom - (at - f.side - f.end) }, u: { x: -1, y: 0 } };
  const angle = Math.PI + ((at - 2 * f.side - f.end) / f.end) * Math.PI;
  return { o: { x: f.x, y: f.top }, u: { x: Math.cos(angle), y: Math.sin(angle) } };
}

/** A point's place on the way round and its distance from the spine. */
function locate(f: Frame, p: Point): { t: number; d: number } {
  if (p.y >= f.top && p.y <= f.bottom)
    return p.x >= f.x ? { t: p.y - f.top, d: p.x - f.x } : { t: f.side + f.end + (f.bottom - p.y), d: f.x - p.x };
  if (p.y > f.bottom) {
    const angle = Math.atan2(p.y - f.bottom, p.x - f.x);
    return { t: f.side + (angle / Math.PI) * f.end, d: Math.hypot(p.x - f.x, p.y - f.bottom) };
  }
  const angle = Math.atan2(p.y - f.top, p.x - f.x) + 2 * Math.PI;
  return { t: 2 * f.side + f.end + ((angle - Math.PI) / Math.PI) * f.end, d: Math.hypot(p.x - f.x, p.y - f.top) };
}

const tOf = (f: Frame, k: number) => (k * f.length) / f.count;

/** The control points before and after `t` on the way round. */
function neighbours(f: Frame, t: number): [number, number] {
  const k = Math.floor((t / f.length) * f.count) % f.count;
  return [(k + f.count) % f.count, (k + 1) % f.count];
}

function controlPoints(f: Frame, radii: number[]): Point[] {
  return radii.map((r, k) => {
    const { o, u } = ray(f, tOf(f, k));
    return { x: o.x + r * u.x, y: o.y + r * u.y };
  });
}

/** The cubic Bézier pieces of the closed Catmull-Rom curve through `points`: [start, c1, c2, end] each. */
function smoothPieces(points: Point[]): [Point, Point, Point, Point][] {
  const n = points.length;
  const at = (i: number) => points[((i % n) + n) % n]!;
  return points.map((p1, i) => {
    const p0 = at(i - 1);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    return [
      p1,
      { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 },
      { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 },
      p2,
    ];
  });
}

function piecesPath(pieces: [Point, Point, Point, Point][]): string {
  const start = pieces[0]![0];
  const curves = pieces.map(
    ([, c1, c2, end]) =>
      `C ${round1(c1.x)} ${round1(c1.y)} ${round1(c2.x)} ${round1(c2.y)} ${round1(end.x)} ${round1(end.y)}`,
  );
  return `M ${round1(start.x)} ${round1(start.y)} ${curves.join(' ')} Z`;
}

function piecesPolygon(pieces: [Point, Point, Point, Point][], perPiece = 8): Point[] {
  const out: Point[] = [];
  for (const [p0, p1, p2, p3] of pieces) {
    for (let s = 0; s < perPiece; s++) {
      const t = s / perPiece;
      const u = 1 - t;
      out.push({
        x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
        y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
      });
    }
  }
  return out;
}

/** Circular smoothing of a ring of values with a [1, 2, 1] kernel. */
function smoothRing(values: number[]): number[] {
  const n = values.length;
  return values.map((v, i) => (values[(i - 1 + n) % n]! + 2 * v + values[(i + 1) % n]!) / 4);
}

interface Protected {
  p: Point;
  /** How deep inside the curve the point must be. */
  depth: number;
  /** Whether the land (inside the beach) must hold it, or the coast will do. */
  onLand: boolean;
}

/**
 * What must be on the island: each stop's disc (on the beach at least), the path and a line of each
 * label (on the land), sampled as points.
 */
function protectedPoints(layout: IslandLayout): Protected[] {
  const out: Protected[] = [];
  const radius = stopRadius(layout.width);
  for (const stop of layout.stops) {
    for (let k = 0; k < 16; k++) {
      const angle = (2 * Math.PI * k) / 16;
      out.push({
        p: { x: stop.x + radius * Math.cos(angle), y: stop.y + radius * Math.sin(angle) },
        depth: 3,
        onLand: false,
      });
    }
    // The whole disc, measured from its centre (its samples above guide the first guess).
    out.push({ p: stop, depth: radius + 3, onLand: false });
    out.push({ p: stop, depth: 8, onLand: true });
    // A label's first line, where its text always is (a long name reaches the far side).
    const box = labelBox(stop, layout.width, MIN_MAP_PX, 1);
    const far = stop.lane === 'left' ? Math.min(box.right, layout.width * 0.9) : Math.max(box.left, layout.width * 0.1);
    for (const y of [box.top, box.bottom]) out.push({ p: { x: far, y }, depth: 2, onLand: false });
  }
  for (const p of pathPoints(layout.stops, 12)) out.push({ p, depth: 6, onLand: true });
  return out;
}

/** How far the ray at control `k` may go before it leaves the map. */
function borderReach(f: Frame, k: number, width: number, height: number): number {
  const { o, u } = ray(f, tOf(f, k));
  const tx = u.x > 1e-9 ? (width - o.x) / u.x : u.x < -1e-9 ? -o.x / u.x : Infinity;
  const ty = u.y > 1e-9 ? (height - o.y) / u.y : u.y < -1e-9 ? -o.y / u.y : Infinity;
  return Math.min(tx, ty);
}

function coastRadii(layout: IslandLayout, random: () => number, f: Frame): number[] {
  const { width, stops } = layout;
  const xs = stops.map((s) => s.x);
  const radius = stopRadius(width);
  // A rounded box (a superellipse at the ends) around the stops, with room for the beach.
  const a = (Math.max(...xs) - Math.min(...xs)) / 2 + radius - 4 - 10 * random();
  const b = f.top - stops[0]!.y + radius + 16 + 14 * random();
  const power = 2.4 + random();
  let radii = Array.from({ length: f.count }, (_, k) => {
    const { u } = ray(f, tOf(f, k));
    if (u.y === 0) return a;
    return 1 / Math.pow(Math.pow(Math.abs(u.x) / a, power) + Math.pow(Math.abs(u.y) / b, power), 1 / power);
  });
  // Seeded bumps, smoothed into capes and coves.
  let noise = Array.from({ length: f.count }, () => random() * 2 - 1);
  noise = smoothRing(smoothRing(noise));
  const peak = Math.max(...noise.map(Math.abs)) || 1;
  radii = radii.map((r, k) => r + (20 * noise[k]!) / peak);
  // Coves between the rows, where the path crosses the middle and leaves the sides free: pulled
  // towards a seeded point near a side; the stops push the coast back out where one comes too close.
  for (let i = 0; i + 1 < stops.length; i++) {
    for (const side of ['left', 'right'] as const) {
      if (random() < 0.45) continue;
      const reach = 30 + 45 * random();
      const target = locate(f, {
        x: side === 'left' ? reach : width - reach,
        y: (stops[i]!.y + stops[i + 1]!.y) / 2 + (random() - 0.5) * 24,
      });
      const [at] = neighbours(f, target.t);
      for (let d = -3; d <= 3; d++) {
        const k = (at + d + f.count) % f.count;
        const weight = Math.exp(-(d * d) / 2.5);
        radii[k] = Math.min(radii[k]!, radii[k]! * (1 - weight) + target.d * weight);
      }
    }
  }
  return radii;
}

/** Seeded decorations where they touch nothing the learner reads or taps. */
function placeDecorations(layout: IslandLayout, coast: Point[], land: Point[], random: () => number): Decoration[] {
  const { width, height, stops } = layout;
  const unitsPerPx = width / MIN_MAP_PX;
  const clearance = DECORATION_CLEARANCE_PX * unitsPerPx;
  const radius = stopRadius(width);
  const boxes = stops.flatMap((stop) => LABEL_CASES.map(([mapPx, lines]) => labelBox(stop, width, mapPx, lines)));
  const path = pathPoints(stops, 24);
  const placed: Decoration[] = [];

  // Cheapest tests first: most candidates fall on a stop, a label or the path.
  const fits = (d: Decoration, where: 'land' | 'sea') => {
    const p = { x: d.x, y: d.y };
    if (d.x < d.r + 2 || d.x > width - d.r - 2 || d.y < d.r + 2 || d.y > height - d.r - 2) return false;
    if (stops.some((s) => Math.hypot(s.x - d.x, s.y - d.y) < radius + d.r + clearance)) return false;
    if (boxes.some((box) => boxDistance(p, box) < d.r + clearance)) return false;
    if (!placed.every((o) => Math.hypot(o.x - d.x, o.y - d.y) >= o.r + d.r + 3)) return false;
    if (polylineDistance(p, path, d.r + clearance) < d.r + clearance) return false;
    return where === 'land' ? depth(p, land) >= d.r * 0.6 : depth(p, coast) <= -(d.r + 5);
  };
  // Half the tries aim between two rows, where the path crosses the middle and the sides are free.
  const middles = stops.slice(1).map((s, i) => (s.y + stops[i]!.y) / 2);
  const candidateY = (r: number) =>
    middles.length > 0 && random() < 0.5
      ? middles[Math.floor(random() * middles.length)]! + (random() - 0.5) * 12
      : r + random() * (height - 2 * r);
  const place = (kind: DecorationKind, r: number, where: 'land' | 'sea', count: number) => {
    for (let n = 0, tries = 0; n < count && tries < 160; tries++) {
      const y = candidateY(r);
      const d: Decoration = { kind, r, x: round1(r + random() * (width - 2 * r)), y: round1(y), flip: random() < 0.5 };
      if (fits(d, where)) {
        placed.push(d);
        n++;
      }
    }
  };
  place('boat', 20, 'sea', 1);
  place('palm', 18, 'land', 2 + Math.ceil(stops.length / 2));
  place('rock', 9, 'land', 1 + Math.floor(random() * 2));
  place('flower', 7, 'land', 2 + Math.floor(random() * 3));
  place('tuft', 6, 'land', 2 + Math.floor(stops.length / 2));
  place('rock', 8, 'sea', 1 + Math.floor(random() * 2));
  place('wave', 9, 'sea', 4 + Math.floor(stops.length / 2));
  return placed;
}

/**
 * The island of a chapter: its coast, land and decorations for `layout` (islandLayout of its topic
 * count), seeded by `seed` (the chapter's id), so each chapter is the same island on every visit and
 * no two chapters of a subject look alike.
 */
export function islandShape(layout: IslandLayout, seed: number): IslandShape {
  const random = seededRandom(seed);
  const { width, height, stops } = layout;
  const first = stops[0]!.y;
  const last = stops.at(-1)!.y;
  const endRadius = width / 2 - 30;
  const inset = Math.min((last - first) / 2, 50 + 30 * random());
  const f = makeFrame(width / 2, first + inset, last - inset, endRadius);
  // The coast stays this far inside the map's border (the curve swings a little past its points).
  const border = Array.from({ length: f.count }, (_, k) => borderReach(f, k, width, height) - 6);
  const radii = coastRadii(layout, random, f).map((r, k) => Math.min(r, border[k]!));
  const wanted = protectedPoints(layout);

  // A first guess: the coast past each point that must be on the island, with room for a slanted
  // coast (its distance across is shorter than along the ray).
  for (const w of wanted) {
    const { t, d } = locate(f, w.p);
    const reach = d + 1.5 * w.depth + (w.onLand ? 1.4 * SHORE_WIDTH : 0) + 2;
    for (const k of neighbours(f, t)) radii[k] = Math.max(radii[k]!, Math.min(reach, border[k]!));
  }
  // Push the coast out until everything that must be on the island is, by its margin (the curve
  // between control points can dip below their polygon, so measure on the curve itself).
  const build = () => ({
    coast: smoothPieces(controlPoints(f, radii)),
    land: smoothPieces(
      controlPoints(
        f,
        radii.map((r) => r - SHORE_WIDTH),
      ),
    ),
  });
  let pieces = build();
  for (let round = 0; round < 30; round++) {
    const coast = piecesPolygon(pieces.coast);
    const land = piecesPolygon(pieces.land);
    let moved = false;
    for (const w of wanted) {
      const polygon = w.onLand ? land : coast;
      const short = w.depth - depth(w.p, polygon);
      if (short <= 0) continue;
      moved = true;
      // Push out the part of the coast that is too near: around its nearest point.
      const { t } = locate(f, nearestVertex(w.p, polygon));
      for (const k of neighbours(f, t)) radii[k] = Math.min(radii[k]! + short + 2, border[k]!);
    }
    if (!moved) break;
    pieces = build();
  }
  const coastPolygon = piecesPolygon(pieces.coast);
  const landPolygon = piecesPolygon(pieces.land);
  return {
    coast: piecesPath(pieces.coast),
    land: piecesPath(pieces.land),
    coastPolygon,
    landPolygon,
    decorations: placeDecorations(layout, coastPolygon, landPolygon, random),
  };
}
