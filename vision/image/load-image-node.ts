/**
 * Reading image files into Frames under Node (command line, tests, benchmarks). The browser
 * gets its frames from a canvas or a video element instead.
 */
import { readFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Frame } from './frame.ts';

export class ImageReadError extends Error {}

export async function loadImageFile(path: string): Promise<Frame> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new ImageReadError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let img;
  try {
    img = await loadImage(bytes);
  } catch {
    throw new ImageReadError(`${path} is not an image this program can decode (PNG or JPEG)`);
  }
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), widthPx: img.width, heightPx: img.height, timestampMs: 0 };
}
