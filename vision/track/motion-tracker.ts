/**
 * What happens between two rests (an "episode"), from the cheap per-frame differences:
 * which resting discs start moving and when (changes inside their inner circle), the paths of
 * moving discs (centroids of the moving blobs, followed from frame to frame), discs that
 * appear out of a hand (the disc being shot), and who struck whom: when a resting disc starts
 * moving, the moving disc nearest to it, if within two radii plus the tracking slack, hit it.
 */
import { dilateBy, findBlobs, fractionOn, type Blob } from './blobs.ts';
import type { BoardView } from './board-view.ts';
import type { TrackOptions } from './defaults.ts';
import type { Contact, PathPoint, Track } from './types.ts';

export interface MovingTrack {
  /** A track id, or "new-N" for a disc that appeared during the episode. */
  id: string;
  isNew: boolean;
  path: PathPoint[];
  /** Velocity, mm per ms. */
  vx: number;
  vy: number;
  lastSeenMs: number;
  missed: number;
  /** Sightings (a new track needs two to be believed). */
  seen: number;
  /** Time it started moving. */
  startMs: number;
}

export interface EpisodeResult {
  startMs: number;
  lastMotionMs: number;
  moving: MovingTrack[];
  contacts: Contact[];
  /** Resting tracks a hand covered at some point (they may have been moved or taken by hand). */
  handCoveredIds: string[];
  handSeen: boolean;
  /** Low-res pixels a hand covered at some point during the episode. */
  handEverMask: Uint8Array | null;
}

interface Resting {
  track: Track;
  inner: Int32Array;
}

export class EpisodeTracker {
  private readonly resting = new Map<string, Resting>();
  private readonly moving = new Map<string, MovingTrack>();
  private readonly contacts: Contact[] = [];
  private readonly handCovered = new Set<string>();
  private handEver: Uint8Array | null = null;
  private newCount = 0;
  private lastMotionMs: number;
  private lastFrameMs: number;
  private readonly labels: Int32Array;
  private readonly rMm: number;

  constructor(
    private readonly view: BoardView,
    tracks: readonly Track[],
    private readonly o: TrackOptions,
    readonly startMs: number,
  ) {
    this.rMm = view.discRadiusMm;
    for (const t of tracks) this.resting.set(t.id, { track: t, inner: view.circlePixels(t.xMm, t.yMm, t.radiusMm, o.innerCircleFraction) });
    this.lastMotionMs = startMs;
    this.lastFrameMs = startMs;
    this.labels = new Int32Array(view.size.widthPx * view.size.heightPx);
  }

  /**
   * One frame: `motion` is the frame-to-frame difference mask, `change` the difference from
   * the last rest, `hand` the hand's pixels (grown a little) or null. Pixels in both masks are
   * where a disc is now and was not a frame ago (the place it just left looks like the rest
   * image again, so it drops out): the leading part of each moving disc.
   */
  step(tMs: number, motion: Uint8Array, change: Uint8Array, hand: Uint8Array | null): void {
    const { widthPx: W, heightPx: H } = this.view.size;
    const dt = Math.max(1, tMs - this.lastFrameMs);
    this.lastFrameMs = tMs;
    if (hand) {
      this.handEver ??= new Uint8Array(W * H);
      for (let i = 0; i < hand.length; i++) if (hand[i]) this.handEver[i] = 1;
    }
    // Motion away from the hand, grown by a pixel so a disc's two crescents join.
    const free = new Uint8Array(W * H);
    let any = 0;
    for (let i = 0; i < free.length; i++) {
      const on = motion[i]! && change[i]! && !(hand && hand[i]) ? 1 : 0;
      free[i] = on;
      any += on;
    }
    const grown = dilateBy(free, W, H, 1);
    const minArea = Math.max(2, this.o.minBlobDiscFraction * this.view.discAreaPx);
    const blobs = any > 0 ? findBlobs(grown, W, H, minArea, this.labels, this.view.boardMask).filter((b) => b.inRegion > 0) : [];
    if (blobs.length > 0) this.lastMotionMs = tMs;
    const h = this.view.discHeightMm;
    const at = (b: Blob) => this.view.lowToBoard(b.xPx, b.yPx, h);

    // 1. Resting discs that start moving now; who hit them.
    const before = [...this.moving.values()];
    for (const [id, r] of this.resting) {
      if (hand && fractionOn(hand, r.inner) > 0.2) {
        this.handCovered.add(id);
        continue;
      }
      if (fractionOn(free, r.inner) < this.o.onsetFraction) continue;
      this.resting.delete(id);
      const m: MovingTrack = { id, isNew: false, path: [{ tMs, xMm: r.track.xMm, yMm: r.track.yMm }], vx: 0, vy: 0, lastSeenMs: tMs, missed: 0, seen: 1, startMs: tMs };
      this.moving.set(id, m);
      const striker = this.striker(before, r.track, tMs, dt);
      if (striker) this.contacts.push(striker);
    }

    // 2. Follow moving discs: each takes the nearest blob within its gate.
    const claims = new Map<number, MovingTrack[]>();
    for (const m of this.moving.values()) {
      const last = m.path[m.path.length - 1]!;
      const px = last.xMm + m.vx * (tMs - last.tMs);
      const py = last.yMm + m.vy * (tMs - last.tMs);
      const speed = Math.hypot(m.vx, m.vy);
      // Until its speed is known (one sighting), a disc may be anywhere it could reach in a frame.
      const gate = m.seen <= 1 ? Math.max(this.o.gateRadii * this.rMm, this.o.maxSpeedMmPerS * (dt / 1000)) : Math.max(this.o.gateRadii * this.rMm, 1.5 * speed * dt + this.rMm);
      let best: Blob | null = null;
      let bestD = gate;
      for (const b of blobs) {
        const p = at(b);
        const d = Math.hypot(p.xMm - px, p.yMm - py);
        if (d < bestD) {
          bestD = d;
          best = b;
        }
      }
      if (!best) {
        m.missed++;
        if (m.missed >= this.o.lostFrames) {
          m.vx = 0;
          m.vy = 0;
        }
        continue;
      }
      const list = claims.get(best.label) ?? [];
      list.push(m);
      claims.set(best.label, list);
    }
    for (const b of blobs) {
      const owners = claims.get(b.label);
      if (!owners) continue;
      const p = at(b);
      for (const m of owners) {
        const last = m.path[m.path.length - 1]!;
        const ddt = Math.max(1, tMs - last.tMs);
        // A blob shared by discs in contact: keep each on its own course until they part.
        const x = owners.length === 1 ? p.xMm : last.xMm + m.vx * ddt;
        const y = owners.length === 1 ? p.yMm : last.yMm + m.vy * ddt;
        const vx = (x - last.xMm) / ddt;
        const vy = (y - last.yMm) / ddt;
        const k = m.seen <= 1 ? 1 : 0.6;
        m.vx = k * vx + (1 - k) * m.vx;
        m.vy = k * vy + (1 - k) * m.vy;
        m.path.push({ tMs, xMm: x, yMm: y });
        m.lastSeenMs = tMs;
        m.missed = 0;
        m.seen++;
      }
    }

    // 3. Blobs nobody claims: a disc leaving the hand (or coming out from under it).
    if (process.env.TDEBUG && tMs > 3150 && tMs < 3600) console.log(tMs, 'blobs', blobs.map((b) => `${b.area}@${at(b).xMm.toFixed(0)},${at(b).yMm.toFixed(0)}${claims.has(b.label) ? '*' : ''}${this.handEver && this.handEver[Math.round(b.yPx) * W + Math.round(b.xPx)] ? 'H' : ''}`).join(' '), 'moving', [...this.moving.values()].map((m) => `${m.id}:${m.seen}/${m.missed}`).join(' '), 'disc', this.view.discAreaPx.toFixed(0));
    for (const b of blobs) {
      if (claims.has(b.label)) continue;
      if (b.area < 0.3 * this.view.discAreaPx) continue;
      const p = at(b);
      // Not the place a moving disc started from or just passed (its trail), not a hand's leftovers.
      const nearTrail = [...this.moving.values()].some((m) => {
        const pts = [m.path[0]!, ...m.path.slice(-3)];
        return pts.some((q) => Math.hypot(q.xMm - p.xMm, q.yMm - p.yMm) < 1.5 * this.rMm);
      });
      if (nearTrail) continue;
      if (this.handEver && this.handEver[Math.round(b.yPx) * W + Math.round(b.xPx)]) continue;
      const id = `new-${++this.newCount}`;
      this.moving.set(id, { id, isNew: true, path: [{ tMs, xMm: p.xMm, yMm: p.yMm }], vx: 0, vy: 0, lastSeenMs: tMs, missed: 0, seen: 1, startMs: tMs });
    }
    // A new track seen once and then lost was noise.
    for (const [id, m] of this.moving) if (m.isNew && m.seen < 2 && m.missed >= 2) this.moving.delete(id);
  }

  /** The moving disc that struck a resting one that has just started to move. */
  private striker(moving: readonly MovingTrack[], struck: Track, tMs: number, dtMs: number): Contact | null {
    let best: MovingTrack | null = null;
    let bestD = Infinity;
    for (const m of moving) {
      if (m.isNew && m.seen < 2 && m.path.length < 2) continue;
      const last = m.path[m.path.length - 1]!;
      // Where it was a frame ago and where it is expected now: the contact happened in between.
      const ahead = Math.max(0, tMs - last.tMs);
      const d0 = Math.hypot(last.xMm - struck.xMm, last.yMm - struck.yMm);
      const d1 = Math.hypot(last.xMm + m.vx * ahead - struck.xMm, last.yMm + m.vy * ahead - struck.yMm);
      const d = Math.min(d0, d1);
      if (d < bestD) {
        bestD = d;
        best = m;
      }
    }
    if (!best) return null;
    const speed = Math.hypot(best.vx, best.vy);
    const reach = this.rMm + struck.radiusMm + this.o.contactSlackRadii * this.rMm + speed * dtMs * this.o.contactSlackFrames;
    if (bestD > 2.5 * reach) return null;
    return { byId: best.id, hitId: struck.id, tMs, distanceMm: bestD, confident: bestD <= reach };
  }

  /** Rename a track (a new disc gets its real id when the episode ends). */
  result(): EpisodeResult {
    return {
      startMs: this.startMs,
      lastMotionMs: this.lastMotionMs,
      moving: [...this.moving.values()].filter((m) => !m.isNew || m.seen >= 2),
      contacts: [...this.contacts],
      handCoveredIds: [...this.handCovered],
      handSeen: this.handEver !== null,
      handEverMask: this.handEver,
    };
  }
}
