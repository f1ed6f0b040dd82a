/**
 * Writing a video under Node: H.264 in MP4 through ffmpeg when it is on the PATH, otherwise
 * Motion JPEG (JPEG images one after another, encoded by @napi-rs/canvas; the readers here
 * read it back, with its frame rate from the `name.json` written beside it).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { ffmpegOnPath } from './open-video.ts';

export type VideoWriteFormat = 'mp4' | 'mjpeg';

export interface VideoWriter {
  readonly path: string;
  readonly format: VideoWriteFormat;
  /** Frames written so far. */
  readonly frames: number;
  /** Append the canvas as the next frame (the canvas is the video's size). */
  write(canvas: Canvas): Promise<void>;
  /** Finish the file; rejects when the encoder failed. */
  close(): Promise<void>;
}

export interface VideoWriterOptions {
  widthPx: number;
  heightPx: number;
  fps: number;
  /** 'auto' (the default): mp4 when ffmpeg is on the PATH, else MJPEG. */
  format?: VideoWriteFormat | 'auto';
  /** JPEG quality of MJPEG frames, 0..100. */
  jpegQuality?: number;
}

export const VIDEO_WRITER_DEFAULTS = {
  jpegQuality: 85,
  /** x264 constant rate factor: 23 is ffmpeg's default, visually clean for overlays. */
  x264Crf: 23,
};

/**
 * Open a writer for `pathWithoutExt` + ".mp4" or ".mjpeg" (the extension follows the format).
 */
export function openVideoWriter(pathWithoutExt: string, o: VideoWriterOptions): VideoWriter {
  const format = o.format === 'mp4' || o.format === 'mjpeg' ? o.format : ffmpegOnPath() ? 'mp4' : 'mjpeg';
  if (format === 'mp4') {
    if (!ffmpegOnPath()) throw new Error('writing mp4 needs ffmpeg on the PATH');
    return new FfmpegMp4Writer(`${pathWithoutExt}.mp4`, o);
  }
  return new MjpegFileWriter(`${pathWithoutExt}.mjpeg`, o);
}

export class MjpegFileWriter implements VideoWriter {
  readonly format = 'mjpeg';
  frames = 0;
  private readonly fd: number;
  private readonly quality: number;

  constructor(
    readonly path: string,
    o: Pick<VideoWriterOptions, 'fps' | 'jpegQuality'>,
  ) {
    this.quality = o.jpegQuality ?? VIDEO_WRITER_DEFAULTS.jpegQuality;
    this.fd = openSync(path, 'w');
    // MJPEG has no frame rate of its own: the reader takes it from the JSON beside the file.
    writeFileSync(join(dirname(path), `${basename(path, extname(path))}.json`), `${JSON.stringify({ fps: o.fps })}\n`);
  }

  async write(canvas: Canvas): Promise<void> {
    writeSync(this.fd, await canvas.encode('jpeg', this.quality));
    this.frames++;
  }

  close(): Promise<void> {
    closeSync(this.fd);
    return Promise.resolve();
  }
}

export class FfmpegMp4Writer implements VideoWriter {
  readonly format = 'mp4';
  frames = 0;
  private readonly child;
  private stderr = '';
  private readonly exited: Promise<number | null>;

  constructor(
    readonly path: string,
    private readonly o: VideoWriterOptions,
  ) {
    const args = ['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${o.widthPx}x${o.heightPx}`, '-framerate', String(o.fps), '-i', 'pipe:0'];
    // H.264 in 4:2:0 wants an even width and height: pad by a pixel when needed.
    args.push('-vf', 'pad=ceil(iw/2)*2:ceil(ih/2)*2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(VIDEO_WRITER_DEFAULTS.x264Crf), '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path);
    this.child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
    this.child.stderr.on('data', (c: Buffer) => (this.stderr += c.toString()));
    // A broken pipe surfaces through the exit code and stderr below.
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => {
      this.child.on('error', (e) => {
        this.stderr += e.message;
        resolve(null);
      });
      this.child.on('close', (code) => resolve(code));
    });
  }

  async write(canvas: Canvas): Promise<void> {
    if (canvas.width !== this.o.widthPx || canvas.height !== this.o.heightPx) throw new Error(`frame is ${canvas.width}x${canvas.height}, the video ${this.o.widthPx}x${this.o.heightPx}`);
    // Copied: the canvas is drawn again for the next frame while ffmpeg reads this one.
    const ok = this.child.stdin.write(Buffer.from(canvas.data()));
    this.frames++;
    if (!ok) await Promise.race([once(this.child.stdin, 'drain'), this.exited]);
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    const code = await this.exited;
    if (code !== 0) throw new Error(`ffmpeg could not write ${this.path}: ${this.stderr.trim() || `exit code ${code}`}`);
  }
}
