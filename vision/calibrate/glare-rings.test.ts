import { describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { toGray } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';

/**
 * A painted ring under a glare: the image is clipped white on both sides of its line, and no
 * line can show there. Those parts are not counted when every ring must be where the fit puts
 * it; a ring missing where the image is not clipped still refuses the fit.
 */
describe('rings under a glare', () => {
  it('finds a 24" crokinole board whose 15 ring a glare washes out (scene 98: within 1 px; refused without)', async () => {
    const { cv } = await loadOpenCv();
    const { profile, gray, truth } = corpusScene('crokinole-rec-24in', 98);
    const without = calibrate(cv, gray, profile, { ringClippedLevel: Infinity });
    expect(without.found).toBe(false);
    if (!without.found) expect(without.reason).toContain('ring-15');
    const result = calibrate(cv, gray, profile);
    if (!result.found) throw new Error(`not found: ${result.reason}`);
    expect(cornerErrorPx(result, truth, profile)).toBeLessThan(1);
  }, 180_000);

  it('still refuses a fit where a ring is not painted and no glare hides it (24" scene 1 drawn without its 15 ring)', async () => {
    const { cv } = await loadOpenCv();
    const profile = BOARD_PROFILES['crokinole-rec-24in']!;
    const unpainted = { ...profile, features: profile.features.map((f) => (f.kind === 'ring' && f.id === 'ring-15' ? { ...f, lineWidthMm: 0 } : f)) };
    const r = renderScene(randomScene(profile, 1), unpainted);
    const gray = toGray({ data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 });
    const result = calibrate(cv, gray, profile);
    expect(result.found).toBe(false);
    if (!result.found) expect(result.reason).toContain('ring-15');
    // The same image with the ring painted is found (the refusal is the ring's).
    const painted = corpusScene('crokinole-rec-24in', 1);
    expect(calibrate(cv, painted.gray, profile).found).toBe(true);
  }, 180_000);
});
