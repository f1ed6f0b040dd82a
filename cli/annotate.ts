/**
 * The annotated image: what the referee saw and why it called what it did. Board geometry as
 * fitted (thin cyan), each disc's outline (its team colour), its points and call, and the
 * candidates that were dropped (small grey crosses).
 */
import { writeFile } from 'node:fs/promises';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { DiscCall } from '../rules/core/calls.ts';
import type { BoardProfile } from '../rules/profiles/schema.ts';
import { pieceRadiusMm } from '../rules/profiles/schema.ts';
import { modelEdges } from '../vision/calibrate/model-edges.ts';
import { planeAtHeight } from '../vision/calibrate/plane-at-height.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import type { DetectionResult } from '../vision/detect/types.ts';
import { applyHomography } from '../vision/geometry/homography.ts';
import { distortPx } from '../vision/geometry/lens.ts';
import type { Frame } from '../vision/image/frame.ts';

const CALL_COLOURS: Record<string, string> = { clear: '#39d353', touching: '#ff9f1c', 'too-close': '#ff3b3b' };

function seen(cal: Calibration, h: readonly number[], xMm: number, yMm: number) {
  const p = applyHomography(h, xMm, yMm);
  return distortPx(cal.lens, p.x, p.y);
}

function polyline(ctx: SKRSContext2D, pts: { x: number; y: number }[], close: boolean): void {
  ctx.beginPath();
  pts.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  if (close) ctx.closePath();
  ctx.stroke();
}

export async function writeAnnotatedPng(
  path: string,
  frame: Frame,
  profile: BoardProfile,
  cal: Calibration | null,
  detection: DetectionResult | null,
  calls: DiscCall[],
  ids: string[],
  headline: string,
): Promise<void> {
  const canvas = createCanvas(frame.widthPx, frame.heightPx);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(frame.widthPx, frame.heightPx);
  img.data.set(frame.data);
  ctx.putImageData(img, 0, 0);
  const scale = Math.max(1, frame.widthPx / 1280);
  if (cal) {
    ctx.strokeStyle = 'rgba(0, 220, 255, 0.8)';
    ctx.lineWidth = 1;
    // Fitted board geometry: every model edge, drawn through the calibration.
    const byFeature = new Map<string, { x: number; y: number }[]>();
    for (const s of modelEdges(profile)) {
      const list = byFeature.get(s.featureId) ?? [];
      list.push(seen(cal, cal.boardToImage, s.xMm, s.yMm));
      byFeature.set(s.featureId, list);
    }
    for (const [id, pts] of byFeature) polyline(ctx, pts, !id.startsWith('quadrant') && profile.features.find((f) => f.id === id)?.kind !== 'line');
  }
  if (cal && detection) {
    const height = profile.pieces[0]!.heightMm;
    const top = planeAtHeight(cal, height);
    const rMm = pieceRadiusMm(profile);
    detection.discs.forEach((d, i) => {
      const call = calls[i];
      const outline: { x: number; y: number }[] = [];
      for (let k = 0; k < 48; k++) {
        const a = (2 * Math.PI * k) / 48;
        outline.push(seen(cal, top, d.xMm + d.radiusMm * Math.cos(a), d.yMm + d.radiusMm * Math.sin(a)));
      }
      ctx.lineWidth = 2 * scale;
      ctx.strokeStyle = call ? CALL_COLOURS[call.call] ?? '#ffffff' : '#ffffff';
      polyline(ctx, outline, true);
      const foot = seen(cal, cal.boardToImage, d.xMm, d.yMm);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(foot.x - 1, foot.y - 1, 3, 3);
      const label = call ? `${ids[i]} ${d.team ?? '?'} ${call.points}${call.call === 'clear' ? '' : ` ${call.call}`}` : `${ids[i]}`;
      const at = seen(cal, top, d.xMm + rMm * 1.1, d.yMm + rMm * 1.1);
      ctx.font = `${Math.round(12 * scale)}px sans-serif`;
      ctx.lineWidth = 3 * scale;
      ctx.strokeStyle = 'rgba(0,0,0,0.8)';
      ctx.strokeText(label, at.x, at.y);
      ctx.fillStyle = '#ffffff';
      ctx.fillText(label, at.x, at.y);
    });
    ctx.strokeStyle = 'rgba(200,200,200,0.9)';
    ctx.lineWidth = 1;
    for (const r of detection.rejected) {
      const p = seen(cal, cal.boardToImage, r.xMm, r.yMm);
      polyline(ctx, [{ x: p.x - 4, y: p.y - 4 }, { x: p.x + 4, y: p.y + 4 }], false);
      polyline(ctx, [{ x: p.x - 4, y: p.y + 4 }, { x: p.x + 4, y: p.y - 4 }], false);
    }
  }
  ctx.font = `${Math.round(16 * scale)}px sans-serif`;
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.fillRect(0, 0, frame.widthPx, Math.round(26 * scale));
  ctx.fillStyle = '#ffffff';
  ctx.fillText(headline, 8 * scale, 18 * scale);
  await writeFile(path, canvas.toBuffer('image/png'));
}
