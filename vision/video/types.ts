import type { Frame, GrayImage } from '../image/frame.ts';

/**
 * One frame of a video or camera stream. The tracker's cheap path reads only `luma` (when the
 * decoder has a luma plane, as y4m does) or the RGBA pixels at low resolution; the full RGBA
 * frame is made only when a detection needs it.
 */
export interface VideoFrame {
  index: number;
  timestampMs: number;
  widthPx: number;
  heightPx: number;
  /**
   * Luma plane (one byte per pixel, as the source codes it: y4m is usually 16..235), or null
   * when the source is RGBA only. Steady within a stream, which is all the cheap path needs.
   */
  luma: Uint8Array | null;
  /** The RGBA frame (converted or decoded on first call, then kept). */
  toFrame(): Frame;
  /**
   * The RGBA frame where only the pixels inside `rect` are sure to be filled in, when the
   * source can convert a part for less than the whole (a detection in a few boxes).
   */
  toFrameIn?(rect: PixelRect): Frame;
  /** The grey image the detector works on, when the source has a quicker way than from RGBA. */
  toGray?(): GrayImage;
  /** The grey image where only the pixels inside `rect` are sure to be filled in (as toFrameIn). */
  toGrayIn?(rect: PixelRect): GrayImage;
}

/** A rectangle of image pixels: x0 <= x < x1, y0 <= y < y1. */
export interface PixelRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type VideoContainer = 'y4m' | 'mjpeg' | 'ffmpeg';

export interface VideoInfo {
  container: VideoContainer;
  widthPx: number;
  heightPx: number;
  fps: number;
  /** Known up front for y4m and MJPEG; null when streaming through ffmpeg. */
  frameCount: number | null;
}

export interface VideoSource {
  info: VideoInfo;
  frames(): AsyncIterable<VideoFrame>;
  close(): void;
}

/** A video that cannot be read: missing, not a video this program understands, or no decoder. */
export class VideoReadError extends Error {}

/** Wrap an RGBA frame (a camera, a canvas) as a VideoFrame. */
export function videoFrameOf(frame: Frame, index: number): VideoFrame {
  return { index, timestampMs: frame.timestampMs, widthPx: frame.widthPx, heightPx: frame.heightPx, luma: null, toFrame: () => frame };
}
