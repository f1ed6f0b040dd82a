/**
 * The annotated image: what the referee saw and why it called what it did. Board geometry as
 * fitted (thin cyan), each disc's outline (its team colour), its points and call, the
 * candidates that were dropped (small grey crosses), and a manual calibration's points (magenta
 * rings, each with a line to where the calibration puts its board point: a click off shows).
 */
import { writeFile } from 'node:fs/promises';
import type { DiscCall } from '../rules/core/calls.ts';
import type { BoardProfile } from '../rules/profiles/schema.ts';
import { pieceRadiusMm } from '../rules/profiles/schema.ts';
import type { ClickedPoint } from '../vision/calibrate/manual.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import type { DetectionResult } from '../vision/detect/types.ts';
import type { Frame } from '../vision/image/frame.ts';
import { CALL_COLOURS, canvasOf, discOutline, drawBoardGeometry, drawClicks, drawScale, headlineBar, label, polyline, seen, topPlane } from './annotate-draw.ts';

export async function writeAnnotatedPng(
  path: string,
  frame: Frame,
  profile: BoardProfile,
  cal: Calibration | null,
  detection: DetectionResult | null,
  calls: DiscCall[],
  ids: string[],
  headline: string,
  clicks: readonly ClickedPoint[] = [],
): Promise<void> {
  const canvas = canvasOf(frame);
  const ctx = canvas.getContext('2d');
  const scale = drawScale(frame.widthPx);
  if (cal) drawBoardGeometry(ctx, profile, cal);
  if (cal && detection) {
    const top = topPlane(cal, profile);
    const rMm = pieceRadiusMm(profile);
    detection.discs.forEach((d, i) => {
      const call = calls[i];
      ctx.lineWidth = 2 * scale;
      ctx.strokeStyle = call ? CALL_COLOURS[call.call] ?? '#ffffff' : '#ffffff';
      polyline(ctx, discOutline(cal, top, d.xMm, d.yMm, d.radiusMm), true);
      const foot = seen(cal, cal.boardToImage, d.xMm, d.yMm);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(foot.x - 1, foot.y - 1, 3, 3);
      const text = call ? `${ids[i]} ${d.team ?? '?'} ${call.points}${call.call === 'clear' ? '' : ` ${call.call}`}` : `${ids[i]}`;
      const at = seen(cal, top, d.xMm + rMm * 1.1, d.yMm + rMm * 1.1);
      label(ctx, text, at.x, at.y, 12 * scale);
    });
    ctx.strokeStyle = 'rgba(200,200,200,0.9)';
    ctx.lineWidth = 1;
    for (const r of detection.rejected) {
      const p = seen(cal, cal.boardToImage, r.xMm, r.yMm);
      polyline(ctx, [{ x: p.x - 4, y: p.y - 4 }, { x: p.x + 4, y: p.y + 4 }], false);
      polyline(ctx, [{ x: p.x - 4, y: p.y + 4 }, { x: p.x + 4, y: p.y - 4 }], false);
    }
  }
  drawClicks(ctx, cal, clicks, scale);
  headlineBar(ctx, frame.widthPx, headline, scale);
  await writeFile(path, canvas.toBuffer('image/png'));
}
