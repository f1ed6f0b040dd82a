/**
 * Calibration of a colour frame: from its luma, and, when the board is not found there, from
 * other greys (channel-grey.ts). A dark-stained sjoelbak on a slate-blue cloth, a table board of
 * its table's light: their outlines are faint in luma and plain in a colour channel.
 *
 * A grey's fit alone is not trusted. On 80 scenes of each board but crokinole's, 55 boards were
 * not found in luma; red, blue and red less blue found 26 of them within 4 px of the truth, but
 * in 6 scenes (sjoelbak and Sling, whose parts look like one another, and a table) also fits
 * 9-22 px off that passed every check. So a fit stands only when a second grey's fit agrees with
 * it and one of the two found most of the board's edges. With green too, that found 12 of the 55
 * boards, all within 2.9 px, and no wrong fit stood. Two greys' wrong fits agreed once (a
 * sjoelbak 10 px off), each finding 68-70% of the board's edges. A board still not found costs
 * up to four calibrations more (a sjoelbak up to 24 s on this machine, against 2-4 s).
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { channelGrey, type GreyChannel } from '../image/channel-grey.ts';
import type { Frame, GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { calibrate, type CalibrationTrace } from './calibrate.ts';
import { CALIBRATE_DEFAULTS, type CalibrateOptions } from './defaults.ts';
import { projectSeen } from './refine-fit.ts';
import type { Calibration, CalibrationResult } from './types.ts';

/** Points on the surface's edge: a rectangle's corners, six points round a circle. */
export function surfaceEdgePointsMm(profile: BoardProfile): [number, number][] {
  const s = profile.surface;
  if (s.shape === 'rect') return [[s.minXMm, s.minYMm], [s.maxXMm, s.minYMm], [s.maxXMm, s.maxYMm], [s.minXMm, s.maxYMm]];
  return Array.from({ length: 6 }, (_, k) => [s.xMm + s.radiusMm * Math.cos((k * Math.PI) / 3), s.yMm + s.radiusMm * Math.sin((k * Math.PI) / 3)]);
}

/** How far apart two calibrations put the surface's edge: the largest distance, in image pixels. */
export function fitsApartPx(a: Calibration, b: Calibration, profile: BoardProfile): number {
  return Math.max(...surfaceEdgePointsMm(profile).map(([x, y]) => {
    const p = projectSeen(a, x, y);
    const q = projectSeen(b, x, y);
    return Math.hypot(p.x - q.x, p.y - q.y);
  }));
}

/**
 * The grey a calibration's edges were found in, of this frame: its luma, or a channel of its
 * colours (asked for only then: a video frame decodes its colours on first call).
 */
export function greyOfCalibration(calibration: Calibration, colours: () => Frame, luma: () => GrayImage): GrayImage {
  return calibration.grey ? channelGrey(colours(), calibration.grey) : luma();
}

/** The board's calibration from a frame: in its luma (`luma`), else in the other greys, as above. */
export function calibrateFrame(cv: CV, frame: Frame, luma: GrayImage, profile: BoardProfile, options: Partial<CalibrateOptions> = {}, trace: CalibrationTrace = () => {}): CalibrationResult {
  const o = { ...CALIBRATE_DEFAULTS, ...options };
  const first = calibrate(cv, luma, profile, options, trace);
  if (first.found) return first;
  const channels = o.colourRetryChannels;
  const fits: Calibration[] = [];
  for (let k = 0; k < channels.length; k++) {
    // Too few greys left for two to agree: no fit can stand.
    if (fits.length + channels.length - k < 2) break;
    const grey: GreyChannel = channels[k]!;
    const r = calibrate(cv, channelGrey(frame, grey), profile, options, trace);
    trace('colour-retry', r.found ? { grey, calibration: r } : { grey, reason: r.reason });
    if (!r.found) continue;
    const fit: Calibration = { ...r, grey };
    for (const other of fits) {
      const apartPx = fitsApartPx(fit, other, profile);
      trace('colour-agreement', { greys: [other.grey, grey], apartPx });
      if (apartPx <= o.colourRetryAgreementPx && Math.max(fit.inlierFraction, other.inlierFraction) >= o.colourRetryMinInliers) {
        return fit.inlierFraction >= other.inlierFraction ? fit : other;
      }
    }
    fits.push(fit);
  }
  if (fits.length === 0) return first;
  return { found: false, reason: `${first.reason}; in colour, found only by fits that no other grey confirmed (${fits.map((f) => f.grey).join(', ')})` };
}
