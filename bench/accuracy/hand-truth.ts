/**
 * Whether a rendered scene's hand is over the board. A scene's arm reaches in from the image's
 * edge towards a random point and may stop short of the board: then it hides nothing, the
 * score can be read, and the referee is right to read it.
 */
import { boardBuild } from '../../fixtures/render/board-build.ts';
import { applyHomography, boardToImageHomography, mat3Invert, undistortPx, type Camera } from '../../fixtures/render/camera.ts';
import type { EffectsSpec } from '../../fixtures/render/effects.ts';
import { drawHandLayers } from '../../fixtures/render/hand.ts';
import { pxPerMmAtBoard } from '../../fixtures/render/scene.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';

/** What a scene (its spec or its truth) says of the camera and the effects. */
export interface HandScene {
  camera: Camera;
  effects: EffectsSpec;
}

/** The hand's drawn pixels (more than half opaque) that lie over the board's outline. */
export function handPixelsOverBoard(scene: HandScene, profile: BoardProfile): number {
  const hand = scene.effects.hand;
  if (!hand) return 0;
  const cam = { intrinsics: scene.camera.intrinsics, pose: scene.camera.pose };
  // Drawn as the renderer draws it (same size, same scale at the board), so the same pixels.
  const layers = drawHandLayers(hand, cam.intrinsics.widthPx, cam.intrinsics.heightPx, pxPerMmAtBoard(cam, boardBuild(profile)));
  const imageToBoard = mat3Invert(boardToImageHomography(cam));
  const box = layers.handBox;
  const o = profile.outline;
  let count = 0;
  for (let y = 0; y < box.heightPx; y++) {
    for (let x = 0; x < box.widthPx; x++) {
      if (layers.hand[(y * box.widthPx + x) * 4 + 3]! <= 127) continue;
      const ideal = undistortPx(cam.intrinsics, { xPx: box.x0 + x, yPx: box.y0 + y });
      const p = applyHomography(imageToBoard, ideal.xPx, ideal.yPx);
      const inside = o.shape === 'circle' ? Math.hypot(p.x - o.xMm, p.y - o.yMm) <= o.radiusMm : p.x >= o.minXMm && p.x <= o.maxXMm && p.y >= o.minYMm && p.y <= o.maxYMm;
      if (inside) count++;
    }
  }
  return count;
}

/** A hand over the board: any of it over the outline (a fingertip over a disc hides it too). */
export function handOverBoardInScene(scene: HandScene, profile: BoardProfile): boolean {
  return handPixelsOverBoard(scene, profile) > 0;
}
