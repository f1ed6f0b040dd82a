/**
 * What happens between two rests (an "episode"), from the cheap per-frame differences:
 * which resting discs start moving and when (changes inside their inner circle), the paths of
 * moving discs (centroids of the moving blobs, followed from frame to frame), discs that
 * appear out of a hand (the disc being shot), and who struck whom: when a resting disc starts
 * moving, the moving disc nearest to it, if within two radii plus the tracking slack, hit it.
 *
 * A blob is "moving disc" where the frame differs both from the previous frame and from the
 * last rest: the place a disc just left looks like the rest image again and drops out, so a
 * fast disc gives one blob, not two. The place a disc rested on is masked once it has left.
 * At a contact the two discs' velocities are predicted as an elastic collision of equal
 * masses does (the struck disc goes off along the line of centres), which keeps the two
 * tracks apart when their blobs part again.
 */
import { BlobFinder, dilate, fractionOn, SparseMask, type Blob } from './blobs.ts';
import type { BoardView, PointMm } from './board-view.ts';
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
  /** True while the velocity is a guess (first sighting, just after a contact). */
  velocityUnsure: boolean;
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
  /** Resting tracks a hand was over at some point, also while nothing moved (their places are looked at again at rest). */
  handVisitedIds: string[];
  handSeen: boolean;
  /** Low-res pixels a hand covered at some point during the episode. */
  handEverMask: Uint8Array | null;
}

interface Resting {
  track: Track;
  inner: Int32Array;
  /** Pixels of the whole disc (masked once it has moved away). */
  whole: Int32Array;
}

export class EpisodeTracker {
  private readonly resting = new Map<string, Resting>();
  private readonly left = new Map<string, Int32Array>();
  private readonly moving = new Map<string, MovingTrack>();
  private readonly contacts: Contact[] = [];
  private readonly handCovered = new Set<string>();
  private readonly handVisited = new Set<string>();
  private handEver: Uint8Array | null = null;
  private newCount = 0;
  private lastMotionMs: number;
  private lastFrameMs: number;
  private readonly finder: BlobFinder;
  private readonly free: SparseMask;
  private readonly grown: SparseMask;
  private readonly scratch: SparseMask;
  /** Places discs have left (masked from the moving blobs). */
  private readonly leftMask: Uint8Array;
  private readonly rMm: number;

  constructor(
    private readonly view: BoardView,
    tracks: readonly Track[],
    private readonly o: TrackOptions,
    readonly startMs: number,
    /** Motion that does not keep the board from resting (a piece dropping into a pocket). */
    private readonly goingDown: (b: Blob) => boolean = () => false,
  ) {
    this.rMm = view.discRadiusMm;
    for (const t of tracks) {
      this.resting.set(t.id, { track: t, inner: view.circlePixels(t.xMm, t.yMm, t.radiusMm, o.innerCircleFraction), whole: view.circlePixels(t.xMm, t.yMm, t.radiusMm, 1.1) });
    }
    this.lastMotionMs = startMs;
    this.lastFrameMs = startMs;
    const { widthPx: w, heightPx: h } = view.size;
    this.finder = new BlobFinder(w, h);
    this.free = new SparseMask(w, h);
    this.grown = new SparseMask(w, h);
    this.scratch = new SparseMask(w, h);
    this.leftMask = new Uint8Array(w * h);
  }

  /**
   * One frame: `motion` is the frame-to-frame difference mask, `change` the difference from
   * the last rest, `hand` the hand's pixels (grown a little) or null, `handZone` the hand
   * with the reach of its fingers (discs there are the hand's to move).
   */
  step(tMs: number, motion: SparseMask, change: SparseMask, hand: SparseMask | null, handZone: SparseMask | null = hand): void {
    const { widthPx: W, heightPx: H } = this.view.size;
    const dt = Math.max(1, tMs - this.lastFrameMs);
    this.lastFrameMs = tMs;
    if (hand) {
      this.handEver ??= new Uint8Array(W * H);
      for (let k = 0; k < hand.n; k++) this.handEver[hand.idx[k]!] = 1;
    }
    const free = this.free;
    free.clear();
    for (let k = 0; k < motion.n; k++) {
      const i = motion.idx[k]!;
      if (change.mask[i] && !(hand && hand.mask[i])) free.add(i);
    }
    // A hand at a resting disc, also while nothing else moves: it may take the disc away, so
    // its place is looked at again at rest. (Only a hand there while things move makes what
    // happens to the disc the hand's doing: a hand putting a striker down beside a man does
    // not stop the strike that follows from hitting it.)
    if (handZone) for (const [id, r] of this.resting) if (fractionOn(handZone.mask, r.whole) > 0) this.handVisited.add(id);
    if (free.n === 0) {
      for (const m of this.moving.values()) this.miss(m);
      return;
    }
    // 1. Resting discs that start moving now, and who hit them. Several can start in one frame
    //    (a chain: A strikes B, B strikes C): the one nearest an already moving disc was struck
    //    by it, each next one by the nearest of those moving before and those already placed.
    const before = [...this.moving.values()];
    const onsets: Resting[] = [];
    for (const [id, r] of this.resting) {
      // A hand at the disc (reaching for it, taking it): whatever happens to it is the hand's
      // doing, also when the hand has gone again. Only once its place changes with the hand
      // there: the reach of a hand flicking a disc ahead of it may brush a disc it never
      // touches, which the flicked disc then strikes.
      if (this.handCovered.has(id)) continue;
      if (handZone && fractionOn(handZone.mask, r.whole) > 0 && fractionOn(change.mask, r.whole) > 0) {
        this.handCovered.add(id);
        continue;
      }
      if (fractionOn(free.mask, r.inner) >= this.o.onsetFraction) onsets.push(r);
      // Or, a disc little darker than the board (natural wood on wood), whose place changes
      // over a few frames and never by enough at once: changed from the rest, and moving now.
      else if (fractionOn(change.mask, r.inner) >= this.o.onsetFraction && fractionOn(motion.mask, r.inner) >= this.o.onsetMotionFraction) onsets.push(r);
    }
    const nearestBefore = (r: Resting) => Math.min(Infinity, ...before.filter((m) => !m.isNew || m.seen >= 2).map((m) => this.distanceAt(m, r.track, tMs)));
    onsets.sort((a, b) => nearestBefore(a) - nearestBefore(b));
    const startedNow: MovingTrack[] = [];
    for (const r of onsets) {
      const id = r.track.id;
      this.resting.delete(id);
      const m: MovingTrack = { id, isNew: false, path: [{ tMs, xMm: r.track.xMm, yMm: r.track.yMm }], vx: 0, vy: 0, velocityUnsure: true, lastSeenMs: tMs, missed: 0, seen: 2, startMs: tMs };
      const c = this.striker([...before, ...startedNow], r.track, tMs, dt);
      this.moving.set(id, m);
      startedNow.push(m);
      if (c) {
        this.contacts.push(c);
        const by = this.moving.get(c.byId);
        if (by) collide(by, m, r.track, r.track.radiusMm + this.rMm, tMs);
      }
    }
    // A hand over a moving disc or the place it left: whatever happens to it is the hand's doing.
    if (handZone) {
      for (const m of this.moving.values()) {
        if (m.isNew || this.handCovered.has(m.id)) continue;
        const rest = m.path[0]!;
        const now = m.path[m.path.length - 1]!;
        for (const p of [rest, now]) {
          const q = this.view.boardToLow(p.xMm, p.yMm, this.view.discHeightMm);
          const i = Math.round(q.y) * W + Math.round(q.x);
          if (i >= 0 && i < W * H && handZone.mask[i]) this.handCovered.add(m.id);
        }
      }
    }
    // The places discs have left (after their first frame of motion) are not discs any more.
    for (const m of this.moving.values()) {
      if (m.isNew || this.left.has(m.id) || m.startMs === tMs) continue;
      const rest = m.path[0]!;
      const px = this.view.circlePixels(rest.xMm, rest.yMm, this.rMm, 1.1);
      this.left.set(m.id, px);
      for (let k = 0; k < px.length; k++) this.leftMask[px[k]!] = 1;
    }
    if (this.left.size > 0) {
      this.scratch.clear();
      for (let k = 0; k < free.n; k++) if (!this.leftMask[free.idx[k]!]) this.scratch.add(free.idx[k]!);
      free.copyFrom(this.scratch);
    }
    dilate(free, 1, this.grown, this.scratch);
    const minArea = Math.max(2, this.o.minBlobDiscFraction * this.view.discAreaPx);
    const blobs = this.finder.find(this.grown, minArea, this.view.watchMask).filter((b) => b.inRegion > 0);
    if (blobs.some((b) => !this.goingDown(b))) this.lastMotionMs = tMs;
    const h = this.view.discHeightMm;
    const pos = new Map<number, PointMm>(blobs.map((b) => [b.label, this.view.lowToBoard(b.xPx, b.yPx, h)]));

    // Off the playing surface (the table beside a mat) only a disc seen leaving it is followed:
    // one known from the last rest, or a new one seen well inside the surface on its way (not
    // what moves by the edge the hand came from: the arm that shot it); never what moves where
    // a hand has been.
    const offLimits = (m: MovingTrack, b: Blob, q: PointMm) => {
      if (this.view.surfaceInsetMm(q.xMm, q.yMm) >= 0) return false;
      if (this.handEver && this.handEver[Math.round(b.yPx) * W + Math.round(b.xPx)]) return true;
      return m.isNew && !m.path.some((p) => this.view.surfaceInsetMm(p.xMm, p.yMm) >= 3 * this.rMm);
    };

    // 2. Follow moving discs: nearest pairs first, one blob per disc; a big blob left over may
    //    be two discs still touching, and is shared.
    const pairs: { m: MovingTrack; b: Blob; d: number }[] = [];
    const predicted = new Map<MovingTrack, PointMm>();
    for (const m of this.moving.values()) {
      const last = m.path[m.path.length - 1]!;
      const ahead = tMs - last.tMs;
      const p = { xMm: last.xMm + m.vx * ahead, yMm: last.yMm + m.vy * ahead };
      predicted.set(m, p);
      const speed = Math.hypot(m.vx, m.vy);
      // Stopped: only a new start near where it lies. Speed unknown: as far as half the fastest
      // shot goes in a frame. Otherwise: about where the speed takes it.
      const gate = m.missed >= this.o.lostFrames
        ? 2 * this.rMm
        : m.velocityUnsure
          ? Math.max(this.o.gateRadii * this.rMm, (this.o.maxSpeedMmPerS * dt) / 1000 / 2)
          : Math.max(this.o.gateRadii * this.rMm, 1.5 * speed * ahead + this.rMm);
      for (const b of blobs) {
        const q = pos.get(b.label)!;
        const d = Math.hypot(q.xMm - p.xMm, q.yMm - p.yMm);
        // A scrap (a shadow's edge, what is left of a vacated place) loses to a disc-sized blob.
        const scrap = 3 * this.rMm * Math.max(0, 1 - b.area / (0.6 * this.view.discAreaPx));
        // A disc slowing down leaves small blobs, but only where it is going: a scrap away from
        // that (left behind by a striker that stopped dead at a contact) is not this disc.
        if (b.area < 0.4 * this.view.discAreaPx && d > Math.max(this.rMm, 1.5 * speed * ahead + 0.5 * this.rMm)) continue;
        if (d <= gate && !offLimits(m, b, q) && !this.throughResting(m.path[m.path.length - 1]!, q)) pairs.push({ m, b, d: d + scrap });
      }
    }
    pairs.sort((a, b) => a.d - b.d);
    const owner = new Map<number, MovingTrack[]>();
    const taken = new Set<MovingTrack>();
    for (const p of pairs) {
      if (taken.has(p.m) || owner.has(p.b.label)) continue;
      owner.set(p.b.label, [p.m]);
      taken.add(p.m);
    }
    for (const p of pairs) {
      if (taken.has(p.m) || p.b.area < 1.3 * this.view.discAreaPx) continue;
      // Only where this disc is expected inside the blob: a disc that stopped nearby (a
      // striker stopped dead by a head-on hit) must not ride along on another's blob. A disc
      // seen once (just out of the hand) has no course yet: anywhere in its reach will do.
      const q = predicted.get(p.m)!;
      const low = this.view.boardToLow(q.xMm, q.yMm, this.view.discHeightMm);
      const courseKnown = !(p.m.isNew && p.m.seen < 2);
      if (courseKnown && (low.x < p.b.minX - 1 || low.x > p.b.maxX + 1 || low.y < p.b.minY - 1 || low.y > p.b.maxY + 1)) continue;
      owner.get(p.b.label)?.push(p.m);
      taken.add(p.m);
    }
    for (const b of blobs) {
      const owners = owner.get(b.label);
      if (!owners) continue;
      const q = pos.get(b.label)!;
      for (const m of owners) {
        const last = m.path[m.path.length - 1]!;
        if (last.tMs === tMs) {
          // Started moving this very frame: its speed is the collision's, not a centroid's jump.
          taken.add(m);
          continue;
        }
        const ddt = Math.max(1, tMs - last.tMs);
        // A blob shared by discs in contact: each keeps to its own course until they part.
        const p = owners.length === 1 ? q : predicted.get(m)!;
        const vx = (p.xMm - last.xMm) / ddt;
        const vy = (p.yMm - last.yMm) / ddt;
        if (owners.length === 1) {
          const k = m.velocityUnsure ? 1 : 0.6;
          m.vx = k * vx + (1 - k) * m.vx;
          m.vy = k * vy + (1 - k) * m.vy;
          m.velocityUnsure = false;
        }
        m.path.push({ tMs, xMm: p.xMm, yMm: p.yMm });
        m.lastSeenMs = tMs;
        m.missed = 0;
        m.seen++;
      }
    }
    // A blob nobody took, near a disc that found none: that disc, further than expected.
    for (const b of blobs) {
      if (owner.has(b.label) || b.area < 0.4 * this.view.discAreaPx) continue;
      const q = pos.get(b.label)!;
      let best: MovingTrack | null = null;
      let bestD = Infinity;
      for (const m of this.moving.values()) {
        if (taken.has(m) || m.missed >= this.o.lostFrames) continue;
        const p = predicted.get(m)!;
        const d = Math.hypot(q.xMm - p.xMm, q.yMm - p.yMm);
        if (d < bestD && d <= (this.o.maxSpeedMmPerS * dt) / 1000 && !offLimits(m, b, q) && !this.throughResting(m.path[m.path.length - 1]!, q)) {
          bestD = d;
          best = m;
        }
      }
      if (!best) continue;
      owner.set(b.label, [best]);
      taken.add(best);
      const last = best.path[best.path.length - 1]!;
      const ddt = Math.max(1, tMs - last.tMs);
      best.vx = (q.xMm - last.xMm) / ddt;
      best.vy = (q.yMm - last.yMm) / ddt;
      best.velocityUnsure = true;
      best.path.push({ tMs, xMm: q.xMm, yMm: q.yMm });
      best.lastSeenMs = tMs;
      best.missed = 0;
      best.seen++;
    }
    for (const m of this.moving.values()) if (!taken.has(m)) this.miss(m);

    // 3. Blobs nobody claims: a disc leaving the hand (or coming out from under it).
    for (const b of blobs) {
      if (owner.has(b.label) || b.area < 0.3 * this.view.discAreaPx) continue;
      if (this.handEver && this.handEver[Math.round(b.yPx) * W + Math.round(b.xPx)]) continue;
      const q = pos.get(b.label)!;
      // A disc is put down on the playing surface: anything that first shows elsewhere is not one.
      if (this.view.surfaceInsetMm(q.xMm, q.yMm) < 0) continue;
      // Right beside a disc seen moving in this frame: a piece of its blob (split where it
      // crosses a line or a ring of the board's paint), not another disc.
      const beside = [...this.moving.values()].some((m) => {
        const e = m.path[m.path.length - 1]!;
        return e.tMs === tMs && Math.hypot(e.xMm - q.xMm, e.yMm - q.yMm) < 2 * this.rMm;
      });
      if (beside) continue;
      // On a resting disc: that disc, struck and off its place by less than the onset test
      // needs (its leading edge over the board shows first), not a new one out of a hand.
      const under = this.restingUnder(q);
      if (under) {
        // With room for a whole disc beside it and no disc followed in reach to have struck it:
        // the one that struck it is there too, come out of the hand (a striker flicked close to
        // a piece reaches it before it is seen apart).
        const strikers = [...before, ...startedNow];
        const beyond = this.striker(strikers, under.track, tMs, dt) ? null : this.blobBeyond(b, under);
        const by = beyond && beyond.area >= this.o.struckBlobStrikerDiscAreas * this.view.discAreaPx ? this.addNew(tMs, this.view.lowToBoard(beyond.xPx, beyond.yPx, h)) : null;
        this.startStruck(under, strikers, tMs, dt, by);
        continue;
      }
      this.addNew(tMs, q);
    }
    // A new track seen once and then lost was noise.
    for (const [id, m] of this.moving) if (m.isNew && m.seen < 2 && m.missed >= 2) this.moving.delete(id);
  }

  /**
   * A disc is seen moving off the playing surface in this frame (slid off a mat onto the
   * table): the board's own pixels may be still, but play is not over until it stops.
   */
  movingOffSurfaceAt(tMs: number): boolean {
    for (const m of this.moving.values()) {
      if (m.isNew && m.seen < 2) continue;
      const last = m.path[m.path.length - 1]!;
      if (last.tMs === tMs && m.path.length >= 2 && this.view.surfaceInsetMm(last.xMm, last.yMm) < 0) return true;
    }
    return false;
  }

  /**
   * Whether going from one point to another a disc would pass through a resting one (centres
   * nearer than this share of a radius): it cannot; that blob is the resting disc, struck and
   * moving off (one little darker than the board is not seen starting), and the striker stopped.
   */
  private throughResting(from: PointMm, to: PointMm): boolean {
    const dx = to.xMm - from.xMm;
    const dy = to.yMm - from.yMm;
    const len2 = dx * dx + dy * dy;
    for (const r of this.resting.values()) {
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((r.track.xMm - from.xMm) * dx + (r.track.yMm - from.yMm) * dy) / len2)) : 0;
      if (Math.hypot(from.xMm + t * dx - r.track.xMm, from.yMm + t * dy - r.track.yMm) < this.o.passThroughRadii * r.track.radiusMm) return true;
    }
    return false;
  }

  /** The resting disc (no hand at it) whose place a point lies on (see struckBlobRadii). */
  private restingUnder(q: PointMm): Resting | null {
    let best: Resting | null = null;
    let bestD = Infinity;
    for (const [id, r] of this.resting) {
      if (this.handCovered.has(id)) continue;
      const d = Math.hypot(q.xMm - r.track.xMm, q.yMm - r.track.yMm);
      if (d <= this.o.struckBlobRadii * r.track.radiusMm && d < bestD) {
        bestD = d;
        best = r;
      }
    }
    return best;
  }

  /** A disc seen for the first time (out of a hand). */
  private addNew(tMs: number, q: PointMm): MovingTrack {
    const id = `new-${++this.newCount}`;
    const m: MovingTrack = { id, isNew: true, path: [{ tMs, xMm: q.xMm, yMm: q.yMm }], vx: 0, vy: 0, velocityUnsure: true, lastSeenMs: tMs, missed: 0, seen: 1, startMs: tMs };
    this.moving.set(id, m);
    return m;
  }

  /** The part of a blob (of the last find, on `grown`) outside a resting disc's place: its area and centroid (low-res pixels). */
  private blobBeyond(b: Blob, r: Resting): { area: number; xPx: number; yPx: number } {
    const W = this.view.size.widthPx;
    const labels = this.finder.labels;
    const inside = new Set(r.whole);
    let area = 0;
    let sx = 0;
    let sy = 0;
    for (let k = 0; k < this.grown.n; k++) {
      const i = this.grown.idx[k]!;
      if (labels[i] !== b.label || inside.has(i)) continue;
      const x = i % W;
      area++;
      sx += x;
      sy += (i - x) / W;
    }
    return area > 0 ? { area, xPx: sx / area, yPx: sy / area } : { area: 0, xPx: b.xPx, yPx: b.yPx };
  }

  /**
   * A resting disc starts moving now: from its place, struck by the nearest moving disc in
   * reach (as at an onset), or by `by`, seen in the same blob (where it was going is not known
   * yet).
   */
  private startStruck(r: Resting, strikers: readonly MovingTrack[], tMs: number, dtMs: number, by: MovingTrack | null = null): void {
    const id = r.track.id;
    this.resting.delete(id);
    const m: MovingTrack = { id, isNew: false, path: [{ tMs, xMm: r.track.xMm, yMm: r.track.yMm }], vx: 0, vy: 0, velocityUnsure: true, lastSeenMs: tMs, missed: 0, seen: 2, startMs: tMs };
    this.moving.set(id, m);
    if (by) {
      const at = by.path[by.path.length - 1]!;
      this.contacts.push({ byId: by.id, hitId: id, tMs, distanceMm: Math.hypot(at.xMm - r.track.xMm, at.yMm - r.track.yMm), confident: false });
      return;
    }
    const c = this.striker(strikers, r.track, tMs, dtMs);
    if (c) {
      this.contacts.push(c);
      const striker = this.moving.get(c.byId);
      if (striker) collide(striker, m, r.track, r.track.radiusMm + this.rMm, tMs);
    }
  }

  private miss(m: MovingTrack): void {
    m.missed++;
    if (m.missed >= this.o.lostFrames) {
      m.vx = 0;
      m.vy = 0;
      m.velocityUnsure = true;
    }
  }

  /**
   * The moving disc that struck a resting one that has just started to move: the nearest one
   * followed for a while; or, none in reach, a disc seen once so far (just out of the hand),
   * see firstSightingStriker.
   */
  private striker(moving: readonly MovingTrack[], struck: { id: string; xMm: number; yMm: number; radiusMm: number }, tMs: number, dtMs: number): Contact | null {
    let best: MovingTrack | null = null;
    let bestD = Infinity;
    for (const m of moving) {
      if (m.isNew && m.seen < 2) continue;
      const d = this.distanceAt(m, struck, tMs);
      if (d < bestD) {
        bestD = d;
        best = m;
      }
    }
    if (best) {
      const speed = Math.hypot(best.vx, best.vy);
      const reach = this.rMm + struck.radiusMm + this.o.contactSlackRadii * this.rMm + speed * dtMs * this.o.contactSlackFrames;
      if (bestD <= 2.5 * reach) return { byId: best.id, hitId: struck.id, tMs, distanceMm: bestD, confident: bestD <= reach };
    }
    return this.firstSightingStriker(moving, struck, tMs);
  }

  /**
   * A disc seen once, in the frame before, struck a resting one (at 30 fps a striker flicked
   * close to a piece is seen once before it hits it): its speed is not known yet, but it went
   * at least from where it was seen to touching the struck disc in that time, along the line
   * between them. That much is taken for its velocity (the struck disc goes off along the line
   * of centres, away from it, which keeps the two apart when their blobs part), if no faster
   * than the fastest shot.
   */
  private firstSightingStriker(moving: readonly MovingTrack[], struck: { id: string; xMm: number; yMm: number; radiusMm: number }, tMs: number): Contact | null {
    let best: MovingTrack | null = null;
    let bestD = Infinity;
    for (const m of moving) {
      if (!m.isNew || m.seen >= 2) continue;
      const last = m.path[m.path.length - 1]!;
      const d = Math.hypot(last.xMm - struck.xMm, last.yMm - struck.yMm);
      if (last.tMs < tMs && d < bestD) {
        bestD = d;
        best = m;
      }
    }
    if (!best) return null;
    const last = best.path[best.path.length - 1]!;
    const gapMm = Math.max(0, bestD - this.rMm - struck.radiusMm);
    const speed = gapMm / (tMs - last.tMs);
    if (speed * 1000 > this.o.maxSpeedMmPerS || bestD < 1e-6) return null;
    best.vx = (speed * (struck.xMm - last.xMm)) / bestD;
    best.vy = (speed * (struck.yMm - last.yMm)) / bestD;
    best.velocityUnsure = true;
    return { byId: best.id, hitId: struck.id, tMs, distanceMm: bestD, confident: false };
  }

  /** How near a moving disc came to a point by now: where it was last seen or is expected now. */
  private distanceAt(m: MovingTrack, p: PointMm, tMs: number): number {
    const last = m.path[m.path.length - 1]!;
    const ahead = Math.max(0, tMs - last.tMs);
    const d0 = Math.hypot(last.xMm - p.xMm, last.yMm - p.yMm);
    const d1 = Math.hypot(last.xMm + m.vx * ahead - p.xMm, last.yMm + m.vy * ahead - p.yMm);
    return Math.min(d0, d1);
  }

  result(): EpisodeResult {
    return {
      startMs: this.startMs,
      lastMotionMs: this.lastMotionMs,
      moving: [...this.moving.values()].filter((m) => !m.isNew || m.seen >= 2),
      contacts: [...this.contacts],
      handCoveredIds: [...this.handCovered],
      handVisitedIds: [...new Set([...this.handVisited, ...this.handCovered])],
      handSeen: this.handEver !== null,
      handEverMask: this.handEver,
    };
  }
}

/**
 * Velocities just after `by` struck the resting `hit` (equal masses, nearly elastic): the
 * struck disc takes the striker's velocity along the line of centres, the striker keeps the
 * rest. The striker was last seen before the contact: it is moved on along its course to where
 * it touched the struck disc (`touchMm` between centres), which gives the line of centres and
 * a point of its path at the contact. Both stay "unsure" so the next frame may correct them.
 */
function collide(by: MovingTrack, hit: MovingTrack, rest: PointMm, touchMm: number, tMs: number): void {
  const last = by.path[by.path.length - 1]!;
  // When, along its course since it was last seen, the striker came within touching distance.
  const ox = last.xMm - rest.xMm;
  const oy = last.yMm - rest.yMm;
  const vv = by.vx * by.vx + by.vy * by.vy;
  let s = 0;
  if (vv > 1e-9) {
    const b = ox * by.vx + oy * by.vy;
    const c = ox * ox + oy * oy - touchMm * touchMm;
    const disc = b * b - vv * c;
    // The first touch; or, passing wide of it (speed or place a little off), the closest approach.
    s = c <= 0 ? 0 : disc >= 0 ? (-b - Math.sqrt(disc)) / vv : -b / vv;
    s = Math.max(0, Math.min(s, tMs - last.tMs));
  }
  const at = { tMs: last.tMs + s, xMm: last.xMm + by.vx * s, yMm: last.yMm + by.vy * s };
  let nx = rest.xMm - at.xMm;
  let ny = rest.yMm - at.yMm;
  const n = Math.hypot(nx, ny);
  if (n < 1e-6) return;
  nx /= n;
  ny /= n;
  const vn = by.vx * nx + by.vy * ny;
  if (vn <= 0) return;
  if (at.tMs > last.tMs + 1e-6 && at.tMs < tMs) by.path.push(at);
  hit.vx = 0.95 * vn * nx;
  hit.vy = 0.95 * vn * ny;
  by.vx -= vn * nx;
  by.vy -= vn * ny;
  hit.velocityUnsure = true;
  by.velocityUnsure = true;
}
