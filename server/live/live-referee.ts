/**
 * The live referee: turns what the tracker sees into the match journal and says what it means.
 * Every shot the tracker reports becomes a `shot` event (disc ids are the tracker's, teams are
 * the match's), the journal is folded by the rules, and the referee reports the ruling, the
 * calls on the board, the round and match score. A call too close to make waits for a person:
 * nothing more is scored until `decide()` records their ruling as a `decision` event.
 *
 * It runs the same in the CLI (demo, video analysis) and in the server (a camera behind the
 * operator UI): plain data in, plain messages out, the journal always replayable.
 */
import type { BoardState, DiscState, ShotEvent, TeamId } from '../../rules/core/board-state.ts';
import type { Decision, DiscCall, RoundScore } from '../../rules/core/calls.ts';
import type { GameRules, RulesContext } from '../../rules/core/define-rules.ts';
import { foldJournal, type MatchEnvironment } from '../../rules/core/match.ts';
import type { MatchEvent, MatchState } from '../../rules/core/match-state.ts';
import type { TrackerEvent } from '../../vision/track/types.ts';

export type SetupEvent = Extract<MatchEvent, { type: 'setup' }>;

export type RefereeMessage =
  | {
      type: 'shot';
      tMs: number;
      shotNumber: number;
      round: number;
      shooter: TeamId;
      shotDiscId: string;
      valid: boolean;
      /** The rules' reasons (missed every opposing disc, 20 for A, out of play...). */
      notes: string[];
      hits: { byId: string; hitId: string }[];
      removed: { id: string; reason: string }[];
      /** Calls on every disc in play after the shot. */
      calls: DiscCall[];
      /** What the board would score if the round ended now. */
      boardScore: Record<TeamId, number>;
      scores: Record<TeamId, number>;
      /** Discs ruled out that are still lying on the surface (for the players to take away). */
      takeAway: string[];
    }
  | {
      type: 'round';
      tMs: number;
      round: number;
      /** Match points the round gave (after differential or championship scoring). */
      points: Record<TeamId, number>;
      scores: Record<TeamId, number>;
      notes: string[];
    }
  | { type: 'waiting'; tMs: number; pending: DiscCall[]; text: string }
  | { type: 'decided'; tMs: number; decision: Decision; scores: Record<TeamId, number> }
  | { type: 'match-over'; tMs: number; winner: TeamId | null; scores: Record<TeamId, number> }
  | { type: 'board-change'; tMs: number; removedIds: string[]; addedIds: string[]; text: string }
  | { type: 'warning'; tMs: number; text: string };

export interface LiveRefereeOptions {
  env: MatchEnvironment;
  setup: SetupEvent;
  /**
   * Tracker team labels ("A", "B", ... in the order the tracker was given or learnt the
   * colours) to match teams; by default the i-th label is the i-th team of the setup.
   */
  teamOfLabel?: Record<string, TeamId>;
}

export class LiveReferee {
  readonly journal: MatchEvent[];
  private current: MatchState;
  private readonly rules: GameRules<any>;
  private readonly teamOfLabel: Record<string, TeamId>;
  private shots = 0;
  /** Tracker board at the last rest (every disc it sees on the surface). */
  private seen: BoardState = { discs: [] };

  constructor(private readonly o: LiveRefereeOptions) {
    this.journal = [o.setup];
    const r = foldJournal(o.env, this.journal);
    if (!r.state) throw new Error(r.error ?? 'bad setup');
    this.current = r.state;
    const rules = o.env.games[o.setup.game];
    if (!rules) throw new Error(`unknown game ${o.setup.game}`);
    this.rules = rules;
    this.teamOfLabel = o.teamOfLabel ?? Object.fromEntries(o.setup.teams.map((t, i) => [String.fromCharCode(65 + i), t]));
  }

  get state(): MatchState {
    return this.current;
  }

  private context(): RulesContext<any> {
    const profile = this.o.env.profiles[this.current.profileId]!;
    return { profile, options: this.current.options, match: this.current, decisions: this.current.decisions };
  }

  /** Calls on the board now and what it would score if the round ended now. */
  boardNow(): RoundScore {
    return this.rules.scoreRound(this.current.board, this.context());
  }

  private fold(tMs: number): RefereeMessage[] {
    const before = this.current;
    const r = foldJournal(this.o.env, this.journal);
    if (!r.state) throw new Error(r.error ?? 'journal cannot be folded');
    this.current = r.state;
    const out: RefereeMessage[] = [];
    const rejected = r.state.rejected.find((x) => x.index === this.journal.length - 1);
    if (rejected) out.push({ type: 'warning', tMs, text: `not recorded: ${rejected.reason}` });
    for (const round of r.state.rounds.slice(before.rounds.length)) {
      out.push({ type: 'round', tMs, round: round.round, points: round.points, scores: round.scoresAfter, notes: round.notes });
    }
    if (r.state.pendingIds.length > 0 && before.pendingIds.join() !== r.state.pendingIds.join()) {
      const pending = (r.state.pendingScore?.calls ?? []).filter((c) => r.state!.pendingIds.includes(c.id));
      const text = pending.map((c) => `${c.id} (${c.team}) ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm from ${c.line ?? 'the line'}: ${c.pointsIfClear ?? '?'} if clear, ${c.pointsIfTouching ?? '?'} if touching`).join('; ');
      out.push({ type: 'waiting', tMs, pending, text: `too close to call, waiting for a person: ${text}` });
    }
    if (r.state.over && !before.over) out.push({ type: 'match-over', tMs, winner: r.state.winner, scores: r.state.scores });
    return out;
  }

  /** A person's ruling on a too-close call. */
  decide(decision: Decision, tMs = 0): RefereeMessage[] {
    this.journal.push({ type: 'decision', decision });
    const out = this.fold(tMs);
    out.unshift({ type: 'decided', tMs, decision, scores: this.current.scores });
    return out;
  }

  /** Feed one tracker event; returns what the referee has to say about it. */
  onTrackerEvent(e: TrackerEvent): RefereeMessage[] {
    switch (e.type) {
      case 'ready': {
        this.seen = e.board;
        if (this.piecesStartOnBoard() && this.shots === 0 && this.current.board.discs.length === 0) return this.startingPieces(e);
        const inPlay = e.board.discs.length;
        return inPlay > 0 && this.current.board.discs.length === 0 && this.shots === 0
          ? [{ type: 'warning', tMs: e.tMs, text: `${inPlay} disc(s) already on the board at the start: they are not part of the match until shot` }]
          : [];
      }
      case 'no-board':
        return [{ type: 'warning', tMs: e.tMs, text: `board not found: ${e.reason}` }];
      case 'board-change':
        return this.boardChange(e);
      case 'shot':
        return this.shot(e);
      default:
        return [];
    }
  }

  /** Games played with a striker (carrom) start with every piece on the board. */
  private piecesStartOnBoard(): boolean {
    return this.o.env.profiles[this.current.profileId]?.pieces.some((p) => p.kind === 'striker') ?? false;
  }

  /** The pieces on the board at the start are the match's (the striker is not: it is shot). */
  private startingPieces(e: Extract<TrackerEvent, { type: 'ready' }>): RefereeMessage[] {
    const discs = e.board.discs.filter((d) => d.kind !== 'striker').map((d) => ({ ...d, team: this.teamOf(d.team) ?? d.team }));
    if (discs.length === 0) return [];
    this.journal.push({ type: 'correction', board: { discs }, note: `${discs.length} piece(s) on the board at the start` });
    const out = this.fold(e.tMs);
    return [{ type: 'board-change', tMs: e.tMs, removedIds: [], addedIds: discs.map((d) => d.id), text: `${discs.length} piece(s) on the board at the start: in play` }, ...out];
  }

  private boardChange(e: Extract<TrackerEvent, { type: 'board-change' }>): RefereeMessage[] {
    this.seen = e.board;
    const inPlay = new Set(this.current.board.discs.map((d) => d.id));
    const out: RefereeMessage[] = [];
    const takenInPlay = e.removedIds.filter((id) => inPlay.has(id));
    const parts: string[] = [];
    if (e.removedIds.length > 0) parts.push(`taken away: ${e.removedIds.join(', ')}`);
    if (e.addedIds.length > 0) parts.push(`put down: ${e.addedIds.join(', ')}`);
    if (e.movedIds.length > 0) parts.push(`moved by hand: ${e.movedIds.join(', ')}`);
    out.push({ type: 'board-change', tMs: e.tMs, removedIds: e.removedIds, addedIds: e.addedIds, text: parts.join('; ') || 'no change' });
    for (const id of takenInPlay) out.push({ type: 'warning', tMs: e.tMs, text: `${id} was taken off the board but is in play: put it back, or record a correction` });
    const movedInPlay = e.movedIds.filter((id) => inPlay.has(id));
    for (const id of movedInPlay) out.push({ type: 'warning', tMs: e.tMs, text: `${id} was moved by hand: put it back, or record a correction` });
    return out;
  }

  private teamOf(label: string): TeamId | null {
    return this.teamOfLabel[label] ?? null;
  }

  private shot(e: Extract<TrackerEvent, { type: 'shot' }>): RefereeMessage[] {
    const out: RefereeMessage[] = [];
    this.seen = e.board;
    const state = this.current;
    if (state.pendingIds.length > 0) {
      out.push({ type: 'warning', tMs: e.tMs, text: `a shot was played while ${state.pendingIds.join(', ')} waits for a decision: decide first (the shot is recorded after the decision)` });
    }
    if (state.over) return [...out, { type: 'warning', tMs: e.tMs, text: 'the match is over; shot ignored' }];
    const turn = state.turn;
    const seenTeam = this.teamOf(e.shot.shooter);
    let shooter: TeamId = seenTeam ?? turn ?? e.shot.shooter;
    // Turns alternate: the disc's colour only confirms whose shot it was.
    if (turn && seenTeam !== turn) {
      // A disc never seen at rest (shot straight off a mat) or a striker has no colour to doubt.
      if (e.shot.shooter !== '?' && e.shot.shooter !== 'striker') out.push({ type: 'warning', tMs: e.tMs, text: `${e.shot.shotDiscId} looked like ${seenTeam ?? 'an unknown colour'} but it is ${turn}'s turn: taken as ${turn}'s shot` });
      shooter = turn;
    }
    const inPlay = new Set(state.board.discs.map((d) => d.id));
    const known = new Set([...inPlay, e.shot.shotDiscId]);
    const teamFor = (d: DiscState): DiscState => {
      if (d.id === e.shot.shotDiscId) return { ...d, team: shooter };
      const ruled = state.board.discs.find((x) => x.id === d.id);
      return { ...d, team: ruled?.team ?? this.teamOf(d.team) ?? d.team };
    };
    const shot: ShotEvent = {
      shooter,
      shotDiscId: e.shot.shotDiscId,
      before: state.board,
      after: { ...(state.board.hole ? { hole: { ...state.board.hole } } : {}), discs: e.shot.after.discs.filter((d) => known.has(d.id)).map(teamFor) },
      movedIds: (e.shot.movedIds ?? []).filter((id) => known.has(id)),
      hits: (e.shot.hits ?? []).filter((h) => known.has(h.byId) && known.has(h.hitId)),
      removed: (e.shot.removed ?? []).filter((r) => known.has(r.id)),
      ...(e.shot.delivery ? { delivery: e.shot.delivery } : {}),
    };
    // In-play discs the camera no longer sees anywhere: report; the rules keep them as they were.
    for (const id of inPlay) {
      if (!shot.after.discs.some((d) => d.id === id) && !shot.removed!.some((r) => r.id === id)) {
        const was = state.board.discs.find((d) => d.id === id)!;
        shot.after.discs.push(was);
        out.push({ type: 'warning', tMs: e.tMs, text: `${id} is not seen after the shot: kept where it was (check the board)` });
      }
    }
    // The board as the rules leave it after this shot, scored (the round may end with it and
    // the match state then shows the next round's empty board).
    const ctx = this.context();
    const ruled = this.rules.scoreRound(this.rules.judgeShot(shot, ctx).board, ctx);
    this.journal.push({ type: 'shot', shot });
    this.shots++;
    const msgs = this.fold(e.tMs);
    const now = this.current;
    const last = now.lastShot;
    const score = now.rounds.length > state.rounds.length ? ruled : this.boardNow();
    const onBoard = new Set(now.board.discs.map((d) => d.id));
    const takeAway = e.board.discs.map((d) => d.id).filter((id) => !onBoard.has(id));
    if (last && last.shot === shot) {
      out.push({
        type: 'shot',
        tMs: e.tMs,
        shotNumber: this.shots,
        round: state.round,
        shooter,
        shotDiscId: shot.shotDiscId,
        valid: last.valid,
        notes: last.notes,
        hits: shot.hits ?? [],
        removed: shot.removed ?? [],
        calls: score.calls,
        boardScore: score.points,
        scores: now.scores,
        takeAway,
      });
    }
    return [...out, ...msgs];
  }
}

/** Where a disc went, by removal reason, as a shot's line says it. */
const WHERE_GONE: Record<string, string> = {
  ditch: 'to the ditch',
  hole: 'into the hole',
  pocket: 'into a pocket',
  compartment: 'into a compartment',
  'off-board': 'off the board',
  'back-line': 'past the back line',
  'side-line': 'over the side line',
  rule: 'out by rule',
};

/** One line of plain text for a message (the CLI prints these). */
export function describe(m: RefereeMessage): string {
  const score = (s: Record<string, number>) => Object.entries(s).map(([t, p]) => `${t} ${p}`).join(' - ');
  const at = `[${(m.tMs / 1000).toFixed(1).padStart(5)} s]`;
  switch (m.type) {
    case 'shot': {
      const hits = m.hits.length > 0 ? `hit ${m.hits.map((h) => `${h.byId}>${h.hitId}`).join(', ')}` : 'no hit';
      const gone = m.removed.length > 0 ? `; ${m.removed.map((r) => `${r.id} ${WHERE_GONE[r.reason] ?? `out (${r.reason})`}`).join(', ')}` : '';
      const notes = m.notes.length > 0 ? `; ${m.notes.join('; ')}` : '';
      const calls = m.calls.filter((c) => c.inPlay).map((c) => `${c.id}(${c.team}) ${c.zone}${c.call === 'too-close' ? '?' : ''}`).join(' ');
      return `${at} shot ${m.shotNumber} (${m.shooter}, ${m.shotDiscId}): ${hits}${gone}${notes}${m.valid ? '' : ' [shot not valid]'}\n          board: ${calls || 'empty'}; round so far ${score(m.boardScore)}; match ${score(m.scores)}${m.takeAway.length > 0 ? `; take away ${m.takeAway.join(', ')}` : ''}`;
    }
    case 'round':
      return `${at} round ${m.round} over: ${m.notes.filter((n) => n.includes('board')).join('; ') || score(m.points)}; match points ${score(m.points)}; match ${score(m.scores)}`;
    case 'waiting':
      return `${at} ${m.text}`;
    case 'decided':
      return `${at} decision: ${m.decision.discId} ruled ${m.decision.call}${m.decision.discsUnder?.length ? `, on discs found under it (${m.decision.discsUnder.join(', ')})` : ''}; match ${score(m.scores)}`;
    case 'match-over':
      return `${at} match over: ${m.winner ?? 'no winner'}; ${score(m.scores)}`;
    case 'board-change':
      return `${at} by hand: ${m.text}`;
    case 'warning':
      return `${at} warning: ${m.text}`;
  }
}
