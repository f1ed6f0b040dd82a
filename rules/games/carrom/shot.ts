/**
 * What a carrom strike means (seed 001, "Pocketing" and "Miscellaneous rules"): own pieces earn
 * another strike, the queen and its cover, opponent's pieces end the turn, the last-piece
 * penalties, the striker in a pocket (one piece due; with your piece in the same strike two come
 * up and you go again), jumped pieces back on the centre spot, the break and its three tries.
 */
import type { BoardState, DiscState, ShotEvent, TeamId } from '../../core/board-state.ts';
import type { RulesContext, ShotRuling } from '../../core/define-rules.ts';
import { returnToCentre } from './centre-spot.ts';
import { settleDues } from './dues.ts';
import type { CarromOptions, Colour } from './options.ts';
import { checkStrikerPlacement } from './placement.ts';
import { readStrike } from './strike-outcome.ts';
import { carromKindOf, colourResolver, otherColour, seatsFor, teamAtSeat, type CarromKind } from './pieces.ts';
import {
  boardCredits,
  carromCustomOf,
  newBoardCustom,
  nextActiveSeat,
  seatOfTeam,
  type BoardResult,
  type CarromCustom,
  type Credit,
  type QueenState,
} from './state.ts';

/** What the match flow needs from a ruling. */
export interface CarromShotFacts {
  custom: CarromCustom;
  /** The same player strikes again. */
  shootAgain: boolean;
  /** False for a retaken strike (the break not made, the striker never left the base lines). */
  counted: boolean;
}

type Pocketed = NonNullable<BoardState['pocketed']>[number];

function teamsOf(ctx: RulesContext<CarromOptions>, shot: ShotEvent): TeamId[] {
  const teams = ctx.match?.teams ?? [];
  if (teams.length >= 2) return [...teams];
  return [shot.shooter, shot.shooter === 'B' ? 'A' : 'B'];
}

export function judgeCarromShot(shot: ShotEvent, ctx: RulesContext<CarromOptions>): ShotRuling {
  const { profile, options } = ctx;
  const teams = teamsOf(ctx, shot);
  const inMatch = carromCustomOf(ctx.match);
  const seats = seatsFor(Math.max(options.players, teams.length));
  const c0: CarromCustom = inMatch ?? newBoardCustom(teams, options, seatOfTeam(seats, teams, shot.shooter));
  const S = shot.shooter;
  const notes: string[] = [];
  const labels = [...shot.before.discs, ...shot.after.discs, ...(shot.before.pocketed ?? [])].map((d) => d.team);
  const colourOf = colourResolver(c0.colours, labels);
  const pctx = { profile, options, colourOf };
  const pocketedBefore: Pocketed[] = [...((inMatch ? ctx.match?.board.pocketed : shot.before.pocketed) ?? [])];
  const strikerId = shot.shotDiscId;

  const seen = readStrike(shot, pctx);
  notes.push(...seen.notes);
  const { pocketedIds, jumpedIds, stay, movedPieces, strikerPocketed, byId, kindOf } = seen;
  const kindOfDisc = (d: DiscState): CarromKind => (d.id === strikerId ? 'striker' : carromKindOf(d, profile));
  const pieceIds = (ids: string[]) => ids.filter((id) => kindOf(id) !== 'striker');
  const boardBefore: BoardState = { ...shot.before, discs: shot.before.discs.filter((d) => kindOfDisc(d) !== 'striker'), pocketed: pocketedBefore };

  // The break: the striker must move a piece; three tries, then the turn passes (the colours stay).
  if (!c0.breakMade && movedPieces.size === 0 && !strikerPocketed) {
    const tries = c0.breakTries + 1;
    const lost = tries >= options.breakTries;
    const custom: CarromCustom = lost ? { ...c0, breakTries: 0, seat: nextActiveSeat(c0, teams, c0.seat) } : { ...c0, breakTries: tries };
    notes.push(lost ? `${S} did not break in ${tries} tries: the turn passes` : `${S} did not break (try ${tries} of ${options.breakTries}): strike again`);
    return retake(boardBefore, notes, { custom, shootAgain: !lost, counted: false });
  }
  if (shot.delivery?.strikerLeftBaseline === false && movedPieces.size === 0 && !strikerPocketed) {
    notes.push(`the striker did not leave both base lines: ${S} strikes again`);
    return retake(boardBefore, notes, { custom: c0, shootAgain: true, counted: false });
  }

  // Striker placement, judged on the board before the strike.
  let placementFoul = false;
  const strikerBefore = shot.before.discs.find((d) => d.id === strikerId);
  const seat = c0.seats[c0.seat] ?? 's';
  if (options.strikerPlacement !== 'off' && strikerBefore) {
    const p = checkStrikerPlacement(strikerBefore, seat, profile);
    if (p) {
      for (const f of p.faults) notes.push(`striker placement: not "${f.rule}" (${f.clearanceMm.toFixed(2)} mm)${options.strikerPlacement === 'foul' ? ': foul' : ''}`);
      for (const f of p.doubts) notes.push(`striker placement: "${f.rule}" too close to call (${f.clearanceMm.toFixed(2)} mm): no foul called`);
      placementFoul = options.strikerPlacement === 'foul' && p.faults.length > 0;
    }
  }

  // Who owns what went down.
  const board = options.scoring === 'board';
  const myColour: Colour | undefined = c0.colours[S];
  const reboundRaw = shot.delivery?.reboundIds;
  const rebounds = typeof reboundRaw === 'string' ? new Set(reboundRaw.split(',').map((s) => s.trim()).filter(Boolean)) : null;
  const ownMen: DiscState[] = [];
  const oppMen: DiscState[] = [];
  const illegalMen: DiscState[] = [];
  let queenDisc: DiscState | null = null;
  for (const id of pieceIds(pocketedIds)) {
    const d = byId.get(id);
    if (!d) {
      notes.push(`${id} was reported pocketed but was never seen on the board: ignored`);
      continue;
    }
    const kind = kindOf(id);
    if (kind === 'queen') queenDisc = d;
    else if (!myColour) ownMen.push(d);
    else if (colourOf(d.team) === myColour) ownMen.push(d);
    else if (board) oppMen.push(d);
    else if (rebounds === null || rebounds.has(id)) {
      if (rebounds === null) notes.push(`${id} (the other colour) counted: the camera did not report whether it came off the frame`);
      ownMen.push(d);
    } else illegalMen.push(d);
  }

  let queen: QueenState = c0.queen;
  let dues = { ...c0.dues };
  let credits: Credit[] = [...c0.credits];
  const returns: DiscState[] = [];
  const jumped: DiscState[] = [];
  let pocketNow: Pocketed[] = [];
  const queenInPocket = (): DiscState => {
    const p = pocketedBefore.find((x) => x.kind === 'queen');
    return { id: p?.id ?? 'queen', team: p?.team ?? 'red', kind: 'queen', xMm: 0, yMm: 0 };
  };
  const credit = (d: DiscState, kind: 'man' | 'queen'): Credit => ({
    id: d.id,
    team: S,
    kind,
    colour: kind === 'man' ? colourOf(d.team) : null,
    points: kind === 'queen' ? options.values.queen : options.values[colourOf(d.team)],
  });
  const ownedBefore = c0.ownPieceBy.includes(S);
  let shootAgain = false;
  const foul = strikerPocketed || placementFoul;

  for (const id of pieceIds(jumpedIds)) {
    const d = byId.get(id);
    if (!d) continue;
    jumped.push(d);
    notes.push(`${id} left the board: back on the centre spot`);
  }
  if (jumpedIds.includes(strikerId)) notes.push('the striker left the board');

  if (foul) {
    notes.push(strikerPocketed ? `${S} pocketed the striker: one piece due and the turn` : `${S} placed the striker wrongly: one piece due and the turn`);
    for (const d of ownMen) {
      returns.push(d);
      notes.push(`${d.id} comes back up`);
    }
    if (queenDisc) {
      returns.push(queenDisc);
      notes.push('the queen went down on a foul: back to the centre');
    }
    if (queen.at === 'pending' && queen.by === S) {
      returns.push(queenInPocket());
      notes.push('the queen was not covered: back to the centre');
      queen = { at: 'board' };
    }
    for (const d of illegalMen) returns.push(d);
    dues[S] = (dues[S] ?? 0) + 1;
    pocketNow = oppMen.map(toPocketed);
    shootAgain = strikerPocketed && ownMen.length > 0;
    if (shootAgain) notes.push(`with ${ownMen.length === 1 ? 'a piece' : 'pieces'} of ${S}'s in the same strike: ${S} strikes again`);
  } else {
    for (const d of ownMen) if (!board) credits.push(credit(d, 'man'));
    pocketNow = [...ownMen, ...oppMen].map(toPocketed);
    if (queen.at === 'pending' && queen.by === S) {
      if (ownMen.length > 0) {
        queen = { at: 'covered', by: S };
        notes.push(`${S} covered the queen`);
        if (!board) credits.push(credit(queenInPocket(), 'queen'));
      } else {
        returns.push(queenInPocket());
        queen = { at: 'board' };
        notes.push('the queen was not covered: back to the centre');
      }
    }
    if (queenDisc) {
      const allowed = !options.queenAfterFirstPiece || ownedBefore;
      if (!allowed) {
        returns.push(queenDisc);
        notes.push(`${S} pocketed the queen before a first piece of their own: back to the centre`);
      } else if (ownMen.length > 0) {
        queen = { at: 'covered', by: S };
        pocketNow.push(toPocketed(queenDisc));
        notes.push(`${S} pocketed and covered the queen in one strike`);
        if (!board) credits.push(credit(queenDisc, 'queen'));
      } else if (options.queenCover === 'same-or-next') {
        queen = { at: 'pending', by: S };
        pocketNow.push(toPocketed(queenDisc));
        notes.push(`${S} pocketed the queen: cover it with the next strike`);
      } else {
        returns.push(queenDisc);
        notes.push('the queen must be covered in the same strike: back to the centre');
      }
    }
    shootAgain = ownMen.length > 0 || queen.at === 'pending';
    if (board && oppMen.length > 0) {
      notes.push(`${S} pocketed ${oppMen.length} of the opponent's men${shootAgain ? '' : ': turn over'}`);
      if (ownMen.length > 0 && options.ownAndOpponentSameStrike === 'turn-ends') shootAgain = false;
    }
    if (illegalMen.length > 0) {
      for (const d of illegalMen) returns.push(d);
      notes.push(`${illegalMen.map((d) => d.id).join(', ')}: the other colour may be pocketed only off a rebound: back to the centre, turn over`);
      shootAgain = false;
    }
    if (!shootAgain && queen.at === 'pending') {
      returns.push(queenInPocket());
      queen = { at: 'board' };
      notes.push('the turn is over with the queen uncovered: back to the centre');
    }
    if (ownMen.length > 0 && shootAgain) notes.push(`${S} pocketed their own piece: strikes again`);
  }

  // The pockets after this strike, less what came back up.
  const returning = new Set(returns.map((d) => d.id));
  let pockets: Pocketed[] = dedupe([...pocketedBefore, ...pocketNow].filter((p) => !returning.has(p.id)));

  const settled = board
    ? settleDues({ dues, pockets, credits }, { board: true, colours: c0.colours, colourOf })
    : settleDues({ dues, pockets, credits }, { board: false });
  ({ dues, pockets, credits } = settled);
  for (const p of settled.paid) returns.push(p.piece);
  notes.push(...settled.notes);

  const seatNext = shootAgain ? c0.seat : nextActiveSeat(c0, teams, c0.seat);
  const discs = returnToCentre(
    stay.filter((d) => kindOfDisc(d) !== 'striker'),
    [...returns.filter((d) => kindOfDisc(d) === 'queen'), ...jumped, ...returns.filter((d) => kindOfDisc(d) !== 'queen')],
    c0.seats[seatNext] ?? 's',
    profile,
  );

  // Has the board ended?
  let result: BoardResult | null = null;
  const menOf = (colour: Colour) => discs.filter((d) => kindOfDisc(d) === 'man' && colourOf(d.team) === colour).length;
  const ownStayed = foul ? 0 : ownMen.length;
  if (board && myColour) {
    const O = teams.find((t) => c0.colours[t] === otherColour(myColour)) ?? teams.find((t) => t !== S)!;
    if (oppMen.length > 0 && menOf(otherColour(myColour)) === 0) {
      result = { reason: 'opponent-last-piece', winner: O, loser: S, by: S };
      notes.push(`${S} pocketed ${O}'s last man: ${S} loses the board`);
    } else if (ownStayed > 0 && menOf(myColour) === 0) {
      if (queen.at === 'covered') {
        result = { reason: 'cleared', winner: S, loser: O, by: S };
        notes.push(`${S} cleared their men: ${S} wins the board`);
      } else {
        result = { reason: 'own-last-before-queen', winner: O, loser: S, by: S };
        notes.push(`${S} pocketed their last man before the queen: ${S} loses the board`);
      }
    }
  } else if (!board) {
    const menLeft = discs.filter((d) => kindOfDisc(d) === 'man').length;
    const mine = (ctx.match?.scores?.[S] ?? 0) + (boardCredits({ ...c0, credits }, teams)[S] ?? 0);
    if (menLeft === 0) {
      result = { reason: 'board-cleared', winner: null, loser: null, by: S };
      notes.push(queen.at === 'covered' ? 'the board is cleared' : 'no man left: the board is over and the uncovered queen scores nobody');
    } else if (options.target !== null && !c0.tieBreaker && mine >= options.target) {
      result = { reason: 'target-reached', winner: null, loser: null, by: S };
      notes.push(`${S} reaches ${mine}`);
    }
  }

  const custom: CarromCustom = {
    ...c0,
    seat: seatNext,
    queen,
    dues,
    credits,
    breakMade: c0.breakMade || movedPieces.size > 0,
    breakTries: 0,
    result,
    ownPieceBy: ownStayed > 0 && !c0.ownPieceBy.includes(S) ? [...c0.ownPieceBy, S] : c0.ownPieceBy,
  };
  const removedIds = [
    ...pocketNow.map((p) => ({ id: p.id, rule: 'pocketed' })),
    ...(strikerPocketed ? [{ id: strikerId, rule: 'striker pocketed: foul' }] : []),
  ].filter((r) => !returning.has(r.id));
  const facts: CarromShotFacts = { custom, shootAgain: shootAgain && !result, counted: true };
  if (!result) notes.push(shootAgain ? `${S} strikes again` : `next: ${teamAtSeat(teams, seatNext)}`);
  return { valid: !foul, board: { ...shot.after, discs, pocketed: pockets }, removedIds, immediatePoints: {}, notes, facts: facts as unknown as Record<string, unknown> };

  function toPocketed(d: DiscState): Pocketed {
    return { id: d.id, team: d.team, kind: kindOf(d.id) };
  }
}

function retake(board: BoardState, notes: string[], facts: CarromShotFacts): ShotRuling {
  return { valid: false, board, removedIds: [], immediatePoints: {}, notes, facts: facts as unknown as Record<string, unknown> };
}

function dedupe<T extends { id: string }>(xs: readonly T[]): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true)));
}
