/**
 * Pieces due (seed 001): sinking the striker costs a piece; one already pocketed comes back up
 * to the centre, and a side with none owes one, paid as soon as it has one in the pockets.
 * Board scoring pays with a man of the side's colour; the points games with the last man the
 * player was credited with (its points go with it).
 */
import type { BoardState, DiscState, TeamId } from '../../core/board-state.ts';
import type { Colour } from './options.ts';
import type { ColourOf } from './pieces.ts';
import type { Credit } from './state.ts';

type Pocketed = NonNullable<BoardState['pocketed']>[number];

export interface DuesState {
  dues: Record<TeamId, number>;
  pockets: Pocketed[];
  credits: Credit[];
}

export function settleDues(
  s: DuesState,
  mode: { board: true; colours: Readonly<Record<TeamId, Colour>>; colourOf: ColourOf } | { board: false },
): DuesState & { paid: { team: TeamId; piece: DiscState }[]; notes: string[] } {
  let { pockets, credits } = s;
  const dues = { ...s.dues };
  const paid: { team: TeamId; piece: DiscState }[] = [];
  const notes: string[] = [];
  for (const t of Object.keys(dues)) {
    let owed = dues[t] ?? 0;
    while (owed > 0) {
      let piece: DiscState | null = null;
      if (mode.board) {
        const colour = mode.colours[t];
        const idx = findLastIndex(pockets, (p) => p.kind === 'man' && colour !== undefined && mode.colourOf(p.team) === colour);
        if (idx >= 0) {
          const p = pockets[idx]!;
          pockets = pockets.filter((_, i) => i !== idx);
          piece = { id: p.id, team: p.team, kind: 'man', xMm: 0, yMm: 0 };
        }
      } else {
        const idx = findLastIndex(credits, (c) => c.team === t && c.kind === 'man');
        if (idx >= 0) {
          const c = credits[idx]!;
          credits = credits.filter((_, i) => i !== idx);
          const p = pockets.find((x) => x.id === c.id);
          pockets = pockets.filter((x) => x.id !== c.id);
          piece = { id: c.id, team: p?.team ?? c.colour ?? 'white', kind: 'man', xMm: 0, yMm: 0 };
        }
      }
      if (!piece) break;
      paid.push({ team: t, piece });
      notes.push(`${t} pays a due: ${piece.id} back to the centre`);
      owed -= 1;
    }
    dues[t] = owed;
    if (owed > 0) notes.push(`${t} owes ${owed} piece(s)`);
  }
  return { dues, pockets, credits, paid, notes };
}

function findLastIndex<T>(xs: readonly T[], pred: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (pred(xs[i]!)) return i;
  return -1;
}
