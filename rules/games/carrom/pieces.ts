/**
 * What a carrom piece is (man, queen or striker) and whose it is. Men carry their colour as
 * their `team` ('white' / 'black', what the camera sees); a team id is accepted too and read
 * through the board's colour assignment (the breaker plays white).
 */
import type { DiscState, PieceKind, TeamId } from '../../core/board-state.ts';
import { pieceRadiusMm, type BoardProfile } from '../../profiles/schema.ts';
import type { Colour } from './options.ts';

export type CarromKind = 'man' | 'queen' | 'striker';

const QUEEN_LABELS = new Set(['red', 'queen']);

/**
 * The piece's kind: the camera's `kind` when it gave one; otherwise a disc at least halfway from
 * a man's size to the striker's is the striker, and a disc labelled red/queen is the queen.
 */
export function carromKindOf(disc: Pick<DiscState, 'kind' | 'radiusMm' | 'team'>, profile: BoardProfile): CarromKind {
  const k: PieceKind | undefined = disc.kind;
  if (k === 'man' || k === 'queen' || k === 'striker') return k;
  if (disc.radiusMm !== undefined) {
    const threshold = (pieceRadiusMm(profile, 'man') + pieceRadiusMm(profile, 'striker')) / 2;
    if (disc.radiusMm >= threshold) return 'striker';
  }
  return QUEEN_LABELS.has(disc.team.toLowerCase()) ? 'queen' : 'man';
}

export function carromRadiusMm(disc: DiscState, profile: BoardProfile): number {
  return disc.radiusMm ?? pieceRadiusMm(profile, carromKindOf(disc, profile));
}

export function isColourWord(label: string): label is Colour {
  return label === 'white' || label === 'black';
}

export function otherColour(c: Colour): Colour {
  return c === 'white' ? 'black' : 'white';
}

/** Reads a man's label as a colour: a colour word as it is, a team id through the board's assignment. */
export type ColourOf = (label: string) => Colour;

export function colourResolver(colours: Readonly<Record<TeamId, Colour>>, fallbackLabels: readonly string[] = []): ColourOf {
  const others = [...new Set(fallbackLabels.filter((l) => !isColourWord(l) && !(l in colours)))].sort();
  return (label) => {
    if (isColourWord(label)) return label;
    const c = colours[label];
    if (c) return c;
    // Outside a match, non-colour labels take white and black in sorted order.
    return others.indexOf(label) % 2 === 1 ? 'black' : 'white';
  };
}

/** Seats around the board, clockwise seen from above, starting with the first player's side (-y). */
export type Seat = 's' | 'w' | 'n' | 'e';

export function seatsFor(count: number): Seat[] {
  if (count <= 2) return ['s', 'n'];
  if (count === 3) return ['s', 'w', 'n'];
  return ['s', 'w', 'n', 'e'];
}

/** Unit vector from the board centre towards a seat's side. */
export function seatDirection(seat: Seat): { x: number; y: number } {
  switch (seat) {
    case 's':
      return { x: 0, y: -1 };
    case 'n':
      return { x: 0, y: 1 };
    case 'w':
      return { x: -1, y: 0 };
    case 'e':
      return { x: 1, y: 0 };
  }
}

/** Team playing from seat index `i`: teams sit in turn order round the table, partners opposite. */
export function teamAtSeat(teams: readonly TeamId[], i: number): TeamId {
  return teams[i % teams.length]!;
}
