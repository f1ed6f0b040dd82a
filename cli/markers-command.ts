/** `disc-referee markers`: the marker layout for a board and the markers to print for it. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { cellsPerSide, markerCells } from '../vision/calibrate/markers/marker-cells.ts';
import { defaultMarkerLayout, parseMarkerLayout, type MarkerLayout } from '../vision/calibrate/markers/marker-layout.ts';
import { loadOpenCv } from '../vision/opencv/load-opencv.ts';
import { parseArgs, stringFlag } from './args.ts';
import { CliError, EXIT } from './exit-codes.ts';
import { resolveGame } from './game-setup.ts';
import type { CliIo } from './io.ts';

const MM_PER_INCH = 25.4;

export async function markersCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { game: { value: true }, variant: { value: true }, board: { value: true }, layout: { value: true }, out: { value: true }, dpi: { value: true } });
  const out = stringFlag(args, 'out');
  if (!out) throw new CliError('markers needs --out <dir> for the layout and the images to print', EXIT.usage);
  const dpi = Number(stringFlag(args, 'dpi') ?? 300);
  if (!(dpi >= 72 && dpi <= 2400)) throw new CliError('--dpi must be a number from 72 to 2400', EXIT.usage);
  const setup = resolveGame(stringFlag(args, 'game'), stringFlag(args, 'variant'), stringFlag(args, 'board'));
  const layoutPath = stringFlag(args, 'layout');
  let layout: MarkerLayout = defaultMarkerLayout(setup.profile);
  if (layoutPath) {
    let data: unknown;
    try {
      data = JSON.parse(await readFile(layoutPath, 'utf8'));
    } catch (e) {
      throw new CliError(`cannot read marker layout ${layoutPath}: ${(e as Error).message}`, EXIT.unreadable);
    }
    const r = parseMarkerLayout(data);
    if (!r.ok) throw new CliError(`${layoutPath}: ${r.error}`, EXIT.usage);
    layout = r.layout;
  }
  await mkdir(out, { recursive: true });
  const { cv } = await loadOpenCv();
  const cells = markerCells(cv, layout.dictionary, layout.markers.map((m) => m.id));
  const side = cellsPerSide(layout.dictionary);
  // Whole printer dots a cell: the square prints a little off the asked size, and the layout
  // written beside the images says the size that prints.
  const printed = layout.markers.map((m) => {
    const cellPx = Math.max(1, Math.round((m.sizeMm / side / MM_PER_INCH) * dpi));
    return { m, cellPx, sizeMm: Math.round(((cellPx * side * MM_PER_INCH) / dpi) * 100) / 100 };
  });
  const written: MarkerLayout = { ...layout, markers: printed.map((p) => ({ ...p.m, sizeMm: p.sizeMm })) };
  const layoutFile = join(out, 'marker-layout.json');
  await writeFile(layoutFile, `${JSON.stringify(written, null, 2)}\n`);
  io.stdout.write(`${layout.markers.length} ${layout.dictionary} markers for ${setup.profile.id}: print at ${dpi} dpi with no scaling, lay each flat with its top edge towards the board's +y:\n`);
  for (const [i, p] of printed.entries()) {
    const { m, cellPx } = p;
    // One white cell around the black square: the detector needs the contrast.
    const canvas = createCanvas(cellPx * (side + 2), cellPx * (side + 2));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#000000';
    cells[i]!.forEach((row, r) => row.forEach((black, c) => black && ctx.fillRect((c + 1) * cellPx, (r + 1) * cellPx, cellPx, cellPx)));
    const file = join(out, `marker-${m.id}.png`);
    await writeFile(file, canvas.encodeSync('png'));
    io.stdout.write(`  id ${m.id}: ${file}, black square ${p.sizeMm} mm, its centre at (${m.xMm}, ${m.yMm}) mm${m.rotationDeg ? `, turned ${m.rotationDeg} deg` : ''}\n`);
  }
  const plane = layout.planeZMm !== 0 ? `${layout.planeZMm} mm above the playing surface` : "level with the playing surface (lying lower, on the table, they need planeZMm in the layout: minus the surface's height above the table)";
  io.stdout.write(`layout (board millimetres, markers ${plane}): ${layoutFile}\nthen: disc-referee analyze <image> --game ${setup.rules.id} --markers ${layoutFile}\n`);
  return EXIT.ok;
}
