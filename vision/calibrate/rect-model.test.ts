import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { parseBoardProfile, type BoardProfile } from '../../rules/profiles/schema.ts';
import { boardModel, facesCamera, visibleSamples } from './rect-model.ts';

const SJOELBAK = BOARD_PROFILES['sjoelbak-standard-40x200']!;

function withoutWallHeight(p: BoardProfile): BoardProfile {
  const { heightMm: _, ...outline } = p.outline;
  return { ...p, outline };
}

const ids = (samples: readonly { featureId: string }[]) => new Set(samples.map((s) => s.featureId));

describe('rectangular board model: walls of known height', () => {
  const model = boardModel(SJOELBAK, { spacingMm: 6, maxSamples: 900 });

  it('fits the side walls by their feet (seen from in front) and their top inner edges at the wall height (seen from behind)', () => {
    expect(SJOELBAK.outline.heightMm).toBe(35);
    const foot = model.samples.filter((s) => s.featureId === 'surface-e');
    const top = model.samples.filter((s) => s.featureId === 'wall-top-e');
    expect(foot.length).toBeGreaterThan(50);
    expect(top.length).toBe(foot.length);
    for (const s of foot) expect(s).toMatchObject({ xMm: 200, facing: { xMm: -1, yMm: 0 } });
    for (const s of foot) expect(s.maybeWall).toBeUndefined();
    for (const s of foot) expect(s.wallFoot).toBe(true);
    for (const s of top) expect(s).toMatchObject({ xMm: 200, zMm: 35, facing: { xMm: 1, yMm: 0 } });
    // The open near end has no wall; the far end is the end wall's block, not the surface's side.
    expect(ids(model.samples).has('wall-top-s')).toBe(false);
    expect(ids(model.samples).has('wall-top-n')).toBe(false);
  });

  it('faces a camera between the walls with both feet, and a camera beyond the east wall with its top edge instead of its foot', () => {
    const facing = (camera: { xMm: number; yMm: number }) =>
      new Set(model.samples.filter((s) => /^(surface-[ew]|wall-top-)/.test(s.featureId) && facesCamera(s, camera)).map((s) => s.featureId));
    expect([...facing({ xMm: 0, yMm: 800 })].sort()).toEqual(['surface-e', 'surface-w']);
    expect([...facing({ xMm: 900, yMm: 800 })].sort()).toEqual(['surface-w', 'wall-top-e']);
  });

  it('lets rough fits keep the feet from anywhere, and sees a top edge where the ray through it meets the board', () => {
    const beyond = visibleSamples(model.samples, { xMm: 900, yMm: 800, zMm: 3000 });
    expect(ids(beyond).has('surface-e')).toBe(true);
    const tops = beyond.filter((x) => x.featureId === 'wall-top-e');
    expect(tops.length).toBeGreaterThan(50);
    // From beyond the east wall, its inner top edge is seen over the surface, inside the foot.
    for (const s of tops) expect(s.xMm).toBeLessThan(199);
    expect(ids(beyond).has('wall-top-w')).toBe(false);
  });

  it('keeps a profile without a wall height as before: sides that may be walls, no top edges', () => {
    const plain = boardModel(withoutWallHeight(SJOELBAK), { spacingMm: 6, maxSamples: 900 });
    expect([...ids(plain.samples)].some((id) => id.startsWith('wall-top-'))).toBe(false);
    for (const s of plain.samples.filter((x) => x.featureId === 'surface-e')) expect(s.maybeWall).toBe(true);
  });

  it('accepts a positive outline height and refuses another', () => {
    expect(parseBoardProfile(SJOELBAK).ok).toBe(true);
    const bad = parseBoardProfile({ ...SJOELBAK, outline: { ...SJOELBAK.outline, heightMm: -5 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/outline\.heightMm/);
  });
});

describe('board models made once per profile', () => {
  it('gives each caller its own lists, and a profile changed in place its new model', () => {
    const profile: BoardProfile = structuredClone(SJOELBAK);
    const o = { spacingMm: 6, maxSamples: 900 };
    const first = boardModel(profile, o);
    const count = first.samples.length;
    const rects = first.rects.length;
    first.samples = first.samples.filter((s) => s.featureId.startsWith('surface-'));
    first.rects.length = 0;
    const second = boardModel(profile, o);
    expect(second.samples.length).toBe(count);
    expect(second.rects.length).toBe(rects);
    expect(second.samples).not.toBe(first.samples);
    const wallTops = (m: { samples: readonly { featureId: string }[] }) => [...ids(m.samples)].some((id) => id.startsWith('wall-top-'));
    expect(wallTops(second)).toBe(true);
    expect(wallTops(boardModel(withoutWallHeight(profile), o))).toBe(false);
    const { heightMm: _, ...outline } = profile.outline;
    profile.outline = outline;
    expect(wallTops(boardModel(profile, o))).toBe(false);
  });
});
