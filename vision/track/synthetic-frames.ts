/**
 * Synthetic frame sequences for the tracker's unit tests: a flat board seen straight from
 * above (0.6 px/mm, no lens), round (crokinole) or a rectangular mat on a table, discs as
 * filled circles, a hand as a skin-coloured arm from the image border, fresh noise in every
 * frame, and a detector that reports the true discs (not those beside a mat). Small and fast: no
 * renderer, no opencv.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import { hexOf, type Rgb } from '../detect/teams.ts';
import type { DetectedDisc } from '../detect/types.ts';
import { noLens } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { videoFrameOf, type VideoFrame } from '../video/types.ts';
import type { RegionDetectInput } from './region-detect.ts';

export const W = 640;
export const H = 480;
export const PX_PER_MM = 0.6;
export const DISC_R_MM = 15.875;
export const COLORS: Record<string, Rgb> = { A: [40, 40, 45], B: [235, 230, 220] };

export function syntheticCalibration(profileId: string): Calibration {
  const s = PX_PER_MM;
  return {
    found: true,
    method: 'manual',
    boardToImage: [s, 0, W / 2, 0, -s, H / 2, 0, 0, 1],
    imageToBoard: [1 / s, 0, -W / 2 / s, 0, -1 / s, H / 2 / s, 0, 0, 1],
    lens: noLens(W, H),
    camera: { focalPx: 1000, focalFromPerspective: false, tiltDeg: 0, centreXMm: 0, centreYMm: 0, centreZMm: 1500, verticalVanishing: [0, 0, 0] },
    rmsErrorPx: 0.1,
    inlierFraction: 1,
    pxPerMm: s,
    widthPx: W,
    heightPx: H,
    profileId,
  };
}

export interface SynthDisc {
  id: string;
  team: 'A' | 'B';
  xMm: number;
  yMm: number;
  /** In the hole: not drawn, not detected. */
  inHole?: boolean;
  /** Drawn (and detected) in this colour rather than its team's. */
  color?: Rgb;
}

export interface SynthState {
  discs: SynthDisc[];
  /** Fingertip in board mm; the arm comes in from the bottom edge (or the left one). */
  hand: SynthHand | null;
}

export interface SynthHand {
  xMm: number;
  yMm: number;
  fromLeft?: boolean;
  /** Arm width, px (default 60). */
  widthPx?: number;
  /** Between these distances from the board's centre (mm) the arm looks like what it is over (a dark rim). */
  unseenRhoMm?: [number, number];
}

const toPx = (xMm: number, yMm: number) => ({ x: W / 2 + xMm * PX_PER_MM, y: H / 2 - yMm * PX_PER_MM });

const backgrounds = new Map<string, Float32Array>();

/**
 * A mat lying on a table (rectangular surface): a mid-blue mat (both disc colours stand out
 * on it), its painted lines and rings.
 */
function matBackground(profile: BoardProfile): Float32Array {
  const s = profile.surface;
  if (s.shape !== 'rect') throw new Error('a mat is rectangular');
  const out = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const xMm = (x - W / 2) / PX_PER_MM;
      const yMm = (H / 2 - y) / PX_PER_MM;
      let c: [number, number, number] = [70, 70, 70];
      if (xMm >= s.minXMm && xMm <= s.maxXMm && yMm >= s.minYMm && yMm <= s.maxYMm) {
        c = [110, 140, 185];
        for (const f of profile.features) {
          if (f.kind === 'line' && f.y1Mm === f.y2Mm && Math.abs(yMm - f.y1Mm) < Math.max(1.2, f.lineWidthMm / 2)) c = [30, 30, 30];
          if (f.kind === 'ring' && Math.abs(Math.hypot(xMm - f.xMm, yMm - f.yMm) - f.radiusMm) < 1.5) c = [200, 60, 60];
        }
      }
      out.set(c, (y * W + x) * 3);
    }
  }
  return out;
}

/** The empty board: table, rail, ditch, surface with rings, the hole and a faint grain. */
function background(profile: BoardProfile): Float32Array {
  const cached = backgrounds.get(profile.id);
  if (cached) return cached;
  if (profile.surface.shape === 'rect') {
    const mat = matBackground(profile);
    backgrounds.set(profile.id, mat);
    return mat;
  }
  const surfaceR = profile.surface.shape === 'circle' ? profile.surface.radiusMm : 330;
  const outlineR = profile.outline.shape === 'circle' ? profile.outline.radiusMm : 380;
  const out = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const xMm = (x - W / 2) / PX_PER_MM;
      const yMm = (H / 2 - y) / PX_PER_MM;
      const rho = Math.hypot(xMm, yMm);
      let c: [number, number, number];
      if (rho > outlineR) c = [70, 70, 70];
      else if (rho > outlineR - 10) c = [90, 60, 30];
      else if (rho > surfaceR) c = [60, 40, 25];
      else if (rho < 17.465) c = [20, 15, 15];
      else {
        const grain = 10 * Math.sin(xMm * 0.35 + Math.sin(yMm * 0.02) * 3);
        c = [195 + grain, 155 + grain, 105 + grain * 0.6];
        for (const ring of [101.6, 203.2, 304.8]) if (Math.abs(rho - ring) < 1.2) c = [30, 30, 30];
      }
      out.set(c, (y * W + x) * 3);
    }
  }
  backgrounds.set(profile.id, out);
  return out;
}

/** Draw a state: the empty board, discs, the hand, fresh noise. */
export function drawState(state: SynthState, profile: BoardProfile, seed: number): Uint8ClampedArray {
  const img = Float32Array.from(background(profile));
  const rPx = DISC_R_MM * PX_PER_MM;
  for (const d of state.discs) {
    if (d.inHole) continue;
    const p = toPx(d.xMm, d.yMm);
    const col = d.color ?? COLORS[d.team]!;
    for (let y = Math.max(0, Math.floor(p.y - rPx - 1)); y <= Math.min(H - 1, Math.ceil(p.y + rPx + 1)); y++) {
      for (let x = Math.max(0, Math.floor(p.x - rPx - 1)); x <= Math.min(W - 1, Math.ceil(p.x + rPx + 1)); x++) {
        const cover = Math.max(0, Math.min(1, rPx + 0.5 - Math.hypot(x - p.x, y - p.y)));
        if (cover === 0) continue;
        const j = (y * W + x) * 3;
        for (let k = 0; k < 3; k++) img[j + k] = img[j + k]! * (1 - cover) + col[k]! * cover;
      }
    }
  }
  if (state.hand) {
    // Forearm from the bottom (or left) edge to the fingertip, rounded at the tip.
    const hand = state.hand;
    const tip = toPx(hand.xMm, hand.yMm);
    const half = (hand.widthPx ?? 60) / 2;
    const [unseenFrom, unseenTo] = hand.unseenRhoMm ?? [Infinity, Infinity];
    // Only the arm's box is visited (from its edge of the image to the tip's far side).
    const x0 = Math.max(0, Math.floor(hand.fromLeft ? 0 : tip.x - half));
    const x1 = Math.min(W - 1, Math.ceil(tip.x + half));
    const y0 = Math.max(0, Math.floor(tip.y - half));
    const y1 = Math.min(H - 1, Math.ceil(hand.fromLeft ? tip.y + half : H - 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const inArm = hand.fromLeft ? x <= tip.x && Math.abs(y - tip.y) < half : y >= tip.y && Math.abs(x - tip.x) < half;
        if (!inArm && Math.hypot(x - tip.x, y - tip.y) >= half) continue;
        const rho = Math.hypot((x - W / 2) / PX_PER_MM, (H / 2 - y) / PX_PER_MM);
        if (rho >= unseenFrom && rho <= unseenTo) continue;
        img.set([150, 105, 80], (y * W + x) * 3);
      }
    }
  }
  const out = new Uint8ClampedArray(W * H * 4);
  let s = seed >>> 0 || 1;
  for (let i = 0, j = 0; i < img.length; i += 3, j += 4) {
    for (let k = 0; k < 3; k++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      out[j + k] = img[i + k]! + ((s >>> 0) / 4294967296 - 0.5) * 6;
    }
    out[j + 3] = 255;
  }
  return out;
}

/** A detector that reports the discs of the current state (within the boxes it is given). */
export function truthDetector(current: () => SynthState): (input: RegionDetectInput) => DetectedDisc[] {
  return (input) =>
    current()
      .discs.filter((d) => !d.inHole && !besideMat(input.profile, d.xMm, d.yMm))
      .filter((d) => !input.boxes || input.boxes.some((b) => d.xMm >= b.minXMm && d.xMm <= b.maxXMm && d.yMm >= b.minYMm && d.yMm <= b.maxYMm))
      .map((d) => {
        const px = toPx(d.xMm, d.yMm);
        const rgb = d.color ?? COLORS[d.team]!;
        return {
          xMm: d.xMm,
          yMm: d.yMm,
          radiusMm: DISC_R_MM,
          uncertaintyMm: 0.2,
          color: hexOf(rgb),
          rgb,
          kind: 'disc' as const,
          state: 'on-board' as const,
          team: null,
          confidence: 0.95,
          topCentreXPx: px.x,
          topCentreYPx: px.y,
          rimRmsMm: 0.1,
          rimCoverage: 0.95,
        };
      });
}

/** A disc lying on the table beside a mat: the detector looks at the board only. */
function besideMat(profile: BoardProfile, xMm: number, yMm: number): boolean {
  const o = profile.outline;
  return o.shape === 'rect' && !(xMm >= o.minXMm && xMm <= o.maxXMm && yMm >= o.minYMm && yMm <= o.maxYMm);
}

/** A script of states, frame by frame at a frame rate. */
export class Script {
  readonly frames: SynthState[] = [];
  state: SynthState = { discs: [], hand: null };

  constructor(readonly fps = 30) {}

  private push(): void {
    this.frames.push({ discs: this.state.discs.map((d) => ({ ...d })), hand: this.state.hand ? { ...this.state.hand } : null });
  }

  hold(ms: number): this {
    for (let i = 0; i < Math.round((ms * this.fps) / 1000); i++) this.push();
    return this;
  }

  /** The hand comes in to a point, stays, goes out (from below the board). */
  handVisit(to: { xMm: number; yMm: number }, ms: number, atTip?: () => void): this {
    const n = Math.round((ms * this.fps) / 1000);
    const from = { xMm: to.xMm, yMm: -(H / 2 / PX_PER_MM) - 60 };
    for (let i = 0; i < n; i++) {
      const u = i < n / 3 ? i / (n / 3) : i < (2 * n) / 3 ? 1 : 1 - (i - (2 * n) / 3) / (n / 3);
      if (i === Math.round(n / 3)) atTip?.();
      this.state.hand = u <= 0 ? null : { xMm: from.xMm + (to.xMm - from.xMm) * u, yMm: from.yMm + (to.yMm - from.yMm) * u };
      this.push();
    }
    this.state.hand = null;
    return this;
  }

  /**
   * Discs slide at once, each from where it is to a target, decelerating to a stop over ms
   * (a disc may start later: `delayMs`).
   */
  slide(moves: { id: string; to: { xMm: number; yMm: number }; delayMs?: number; ms: number; thenHole?: boolean }[]): this {
    const n = Math.max(...moves.map((m) => Math.round((((m.delayMs ?? 0) + m.ms) * this.fps) / 1000)));
    const starts = new Map(moves.map((m) => [m.id, { ...this.state.discs.find((d) => d.id === m.id)! }]));
    for (let i = 1; i <= n; i++) {
      const t = (i * 1000) / this.fps;
      for (const m of moves) {
        const d = this.state.discs.find((x) => x.id === m.id)!;
        const st = starts.get(m.id)!;
        const u = Math.min(1, Math.max(0, (t - (m.delayMs ?? 0)) / m.ms));
        const k = 1 - (1 - u) * (1 - u); // constant deceleration
        d.xMm = st.xMm + (m.to.xMm - st.xMm) * k;
        d.yMm = st.yMm + (m.to.yMm - st.yMm) * k;
        if (u >= 1 && m.thenHole) d.inHole = true;
      }
      this.push();
    }
    return this;
  }

  add(d: SynthDisc): this {
    this.state.discs.push({ ...d });
    return this;
  }

  remove(id: string): this {
    this.state.discs = this.state.discs.filter((d) => d.id !== id);
    return this;
  }
}

/** Frames of a script, with the state current while each is processed. */
export function* play(script: Script, profile: BoardProfile, holder: { state: SynthState }): Generator<VideoFrame> {
  for (let i = 0; i < script.frames.length; i++) {
    holder.state = script.frames[i]!;
    const frame: Frame = { data: drawState(script.frames[i]!, profile, 1234 + i * 7919), widthPx: W, heightPx: H, timestampMs: (i * 1000) / script.fps };
    yield videoFrameOf(frame, i);
  }
}
