import type { Decoration, IslandShape } from '../island-shape';
import type { MapColors } from '../island-theme';

/** A palm: a curved trunk and five fronds, its top at the decoration's centre. */
function Palm({ colors }: { colors: MapColors }) {
  return (
    <g>
      <ellipse cx={2} cy={13} rx={9} ry={2.5} fill={colors.shadow} />
      <path d="M 1 13 C 2 6, 0 0, -2 -5" stroke={colors.trunk} strokeWidth={3.2} strokeLinecap="round" fill="none" />
      <g fill={colors.leaf}>
        <path d="M -2 -5 C -8 -11, -14 -9, -16 -4 C -11 -7, -6 -6, -2 -5 Z" />
        <path d="M -2 -5 C 4 -11, 11 -10, 14 -4 C 8 -7, 3 -6, -2 -5 Z" />
        <path d="M -2 -5 C -4 -12, 0 -16, 4 -15 C 1 -12, -1 -9, -2 -5 Z" />
        <path d="M -2 -5 C -9 -4, -12 1, -11 5 C -8 1, -5 -2, -2 -5 Z" />
        <path d="M -2 -5 C 5 -4, 9 0, 9 4 C 6 0, 2 -2, -2 -5 Z" />
      </g>
      <circle cx={-1} cy={-4} r={1.8} fill={colors.trunk} />
    </g>
  );
}

function Rock({ colors }: { colors: MapColors }) {
  return (
    <g>
      <path d="M -7 4 C -8 -1, -4 -6, 0 -5 C 4 -6, 8 -2, 7 4 Z" fill={colors.rock} />
      <path
        d="M -3 -3 C -1 -5, 2 -5, 3 -3"
        stroke={colors.rockLight}
        strokeWidth={1.5}
        strokeLinecap="round"
        fill="none"
      />
    </g>
  );
}

function Flower({ colors }: { colors: MapColors }) {
  return (
    <g>
      {[0, 72, 144, 216, 288].map((angle) => (
        <circle key={angle} cx={0} cy={-2.6} r={2.2} fill={colors.petal} transform={`rotate(${angle})`} />
      ))}
      <circle r={1.8} fill="#ffd43b" />
    </g>
  );
}

/** A tuft of grass. */
function Tuft({ colors }: { colors: MapColors }) {
  return (
    <path
      d="M -4 4 Q -4 -1 -6 -4 M 0 4 Q 0 -2 1 -6 M 4 4 Q 4 -1 6 -3"
      stroke={colors.leaf}
      strokeWidth={1.6}
      strokeLinecap="round"
      fill="none"
      opacity={0.7}
    />
  );
}

/** A sailing boat: hull, mast, a sail in the subject's colour. */
function Boat({ colors }: { colors: MapColors }) {
  return (
    <g className="ki-bob">
      <path d="M -14 4 L 14 4 L 9 11 L -9 11 Z" fill={colors.hull} />
      <path d="M 0 4 L 0 -15" stroke={colors.hull} strokeWidth={1.6} />
      <path d="M 1 -14 L 12 1 L 1 1 Z" fill={colors.sail} />
      <path d="M -1 -10 L -9 1 L -1 1 Z" fill="#ffffff" />
      <path
        d="M -16 13 q 4 -3 8 0 t 8 0 t 8 0 t 8 0"
        stroke={colors.foam}
        strokeWidth={1.5}
        fill="none"
        strokeLinecap="round"
      />
    </g>
  );
}

function Wave({ colors }: { colors: MapColors }) {
  return (
    <path
      className="ki-wave"
      d="M -8 1 q 2 -4 4 0 t 4 0 t 4 0 t 4 0"
      stroke={colors.wave}
      strokeWidth={1.8}
      fill="none"
      strokeLinecap="round"
    />
  );
}

const GLYPHS = { palm: Palm, rock: Rock, flower: Flower, tuft: Tuft, boat: Boat, wave: Wave } as const;
/** The glyphs are drawn for these radii; a decoration's own radius scales them. */
const DRAWN_RADIUS = { palm: 16, rock: 8, flower: 5, tuft: 6, boat: 16, wave: 8 } as const;

function DecorationGlyph({ d, colors }: { d: Decoration; colors: MapColors }) {
  const Glyph = GLYPHS[d.kind];
  return (
    <g
      transform={`translate(${d.x} ${d.y}) scale(${(d.flip ? -1 : 1) * (d.r / DRAWN_RADIUS[d.kind])} ${d.r / DRAWN_RADIUS[d.kind]})`}
      data-kind={d.kind}
    >
      <Glyph colors={colors} />
    </g>
  );
}

/**
 * The drawn island, behind the stops: sea, shallows and surf, beach, land and scenery. Decorative
 * (the stops are the page's buttons and carry the meaning), so the whole drawing is hidden from
 * screen readers by the SVG that holds it.
 */
export function IslandArt({
  width,
  height,
  shape,
  colors,
}: {
  width: number;
  height: number;
  shape: IslandShape;
  colors: MapColors;
}) {
  return (
    <g>
      <rect width={width} height={height} fill={colors.sea} data-testid="island-sea" />
      <path d={shape.coast} fill="none" stroke={colors.shallow} strokeWidth={34} strokeLinejoin="round" />
      <path d={shape.coast} fill="none" stroke={colors.foam} strokeWidth={9} strokeLinejoin="round" />
      <path d={shape.coast} fill={colors.sand} data-testid="island-coast" />
      <path d={shape.land} fill={colors.land} />
      <path d={shape.land} fill="none" stroke={colors.landEdge} strokeWidth={2} />
      {shape.decorations.map((d, i) => (
        <DecorationGlyph key={i} d={d} colors={colors} />
      ))}
    </g>
  );
}
