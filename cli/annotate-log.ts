/**
 * What the annotated video needs from a run of the live referee, collected as it happens: the
 * board's state on every frame, the board as the referee holds it after each rest (positions
 * and calls), and every shot with its trajectories and contacts. The annotation is drawn from
 * this in a second pass over the video.
 */
import type { TeamId } from '../rules/core/board-state.ts';
import type { DiscCall } from '../rules/core/calls.ts';
import type { LiveReferee, RefereeMessage } from '../server/live/live-referee.ts';
import type { BoardMotion, Contact, FrameStats, PathPoint, TrackerEvent } from '../vision/track/types.ts';

export interface MarkedDisc {
  id: string;
  team: string;
  xMm: number;
  yMm: number;
  /** The referee's call; null for a disc out of play or seen before any call. */
  call: DiscCall | null;
}

/** The board from `tMs` on (until the next rest). */
export interface RestMark {
  tMs: number;
  frameIndex: number;
  discs: MarkedDisc[];
  scores: Record<TeamId, number>;
}

export interface ShotMark {
  tMs: number;
  /** The frame the call was made on (the board at rest). */
  frameIndex: number;
  startMs: number;
  number: number;
  round: number;
  shooter: TeamId;
  shotDiscId: string;
  valid: boolean;
  notes: string[];
  hits: { byId: string; hitId: string }[];
  removed: { id: string; reason: string }[];
  paths: Record<string, PathPoint[]>;
  contacts: Contact[];
  boardScore: Record<TeamId, number>;
  scores: Record<TeamId, number>;
}

export class AnnotationLog {
  /** Per frame: its time and the board's motion state. */
  readonly frameMs: number[] = [];
  readonly frameState: BoardMotion[] = [];
  readonly rests: RestMark[] = [];
  readonly shots: ShotMark[] = [];
  private frameIndex = -1;
  private pending: TrackerEvent | null = null;
  private readonly zero: Record<TeamId, number>;

  constructor(teams: readonly TeamId[]) {
    this.zero = Object.fromEntries(teams.map((t) => [t, 0]));
  }

  private get scoresNow(): Record<TeamId, number> {
    return this.shots.at(-1)?.scores ?? this.rests.at(-1)?.scores ?? this.zero;
  }

  onFrame(index: number, stats: FrameStats): void {
    this.frameIndex = index;
    this.frameMs[index] = stats.tMs;
    this.frameState[index] = stats.state;
  }

  onTrackerEvent(e: TrackerEvent): void {
    if (e.type === 'ready') {
      this.rests.push({ tMs: e.tMs, frameIndex: this.frameIndex, discs: e.board.discs.map((d) => ({ id: d.id, team: d.team, xMm: d.xMm, yMm: d.yMm, call: null })), scores: this.scoresNow });
    }
    if (e.type === 'shot' || e.type === 'board-change') this.pending = e;
  }

  onMessage(m: RefereeMessage, referee: LiveReferee): void {
    const e = this.pending;
    if (m.type === 'shot' && e?.type === 'shot') {
      this.pending = null;
      this.shots.push({
        tMs: m.tMs,
        frameIndex: this.frameIndex,
        startMs: e.detail.startMs,
        number: m.shotNumber,
        round: m.round,
        shooter: m.shooter,
        shotDiscId: m.shotDiscId,
        valid: m.valid,
        notes: m.notes,
        hits: m.hits,
        removed: m.removed,
        paths: e.detail.paths,
        contacts: e.detail.contacts,
        boardScore: m.boardScore,
        scores: m.scores,
      });
      this.rests.push(this.rest(m.tMs, e.board.discs, m.calls, m.scores));
    } else if (m.type === 'board-change' && e?.type === 'board-change') {
      this.pending = null;
      this.rests.push(this.rest(m.tMs, e.board.discs, referee.boardNow().calls, referee.state.scores));
    } else if (m.type === 'decided') {
      // A person's ruling changes the call on the board as it stands.
      const last = this.rests.at(-1);
      if (last) this.rests.push(this.rest(m.tMs, last.discs, referee.boardNow().calls, m.scores));
    }
  }

  private rest(tMs: number, discs: readonly { id: string; team: string; xMm: number; yMm: number }[], calls: readonly DiscCall[], scores: Record<TeamId, number>): RestMark {
    const byId = new Map(calls.map((c) => [c.id, c]));
    return {
      tMs,
      frameIndex: this.frameIndex,
      discs: discs.map((d) => {
        const call = byId.get(d.id) ?? null;
        return { id: d.id, team: call?.team ?? d.team, xMm: d.xMm, yMm: d.yMm, call };
      }),
      scores: { ...scores },
    };
  }
}
