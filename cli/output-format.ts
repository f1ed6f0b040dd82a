/** The public JSON shapes (DESIGN.md, formatVersion 1): add fields, never rename them. */
import type { BoardState } from '../rules/core/board-state.ts';
import type { DiscCall, RoundScore } from '../rules/core/calls.ts';
import type { Calibration } from '../vision/calibrate/types.ts';

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** One disc's call in the public JSON (position from the board it was made on). */
export function discCallJson(state: BoardState, c: DiscCall) {
  const d = state.discs.find((x) => x.id === c.id);
  return {
    id: c.id,
    xMm: d ? round2(d.xMm) : null,
    yMm: d ? round2(d.yMm) : null,
    team: c.team,
    zone: c.zone,
    points: c.points,
    call: c.call,
    clearanceMm: round2(c.clearanceMm),
    uncertaintyMm: round2(c.uncertaintyMm),
    inPlay: c.inPlay,
    ...(c.line ? { line: c.line } : {}),
    ...(c.boundary ? { boundary: c.boundary } : {}),
  };
}

export function roundScoreJson(state: BoardState, score: RoundScore) {
  const discs = score.calls.map((c) => ({
    ...discCallJson(state, c),
    ...(c.pointsIfClear !== undefined ? { pointsIfClear: c.pointsIfClear, pointsIfTouching: c.pointsIfTouching } : {}),
  }));
  const warnings = score.pendingIds.length > 0 ? [`${score.pendingIds.length} call(s) too close to call; the score counts them as measured: ${score.pendingIds.join(', ')}`] : [];
  return { discs, score: score.points, pending: score.pendingIds, notes: score.notes, warnings };
}

/** Where the camera's height (and with it the parallax corrections) came from. */
export function cameraHeightSource(cal: Calibration): 'set' | 'perspective' | 'typical-webcam' {
  if (cal.camera.givenHeightMm !== undefined) return 'set';
  return cal.camera.focalFromPerspective ? 'perspective' : 'typical-webcam';
}

/** What a person should know about the camera a calibration found. */
export function cameraWarnings(cal: Calibration): string[] {
  if (cameraHeightSource(cal) !== 'typical-webcam') return [];
  return ["camera almost straight above the board: its height comes from a typical webcam lens, so parallax corrections are approximate (each disc's uncertainty includes its correction; --camera-height-mm sets the camera's height)"];
}
