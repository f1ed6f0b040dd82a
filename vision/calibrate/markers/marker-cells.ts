/** A marker's cells from opencv's own ArUco dictionary (for printing and for rendering). */
import type { CV } from '../../opencv/load-opencv.ts';
import { arucoOf, dictionaryConstant } from './aruco-api.ts';
import type { MarkerDictionary } from './marker-layout.ts';

/** Cells across a marker of this dictionary, its one-cell black border included. */
export function cellsPerSide(dictionary: MarkerDictionary): number {
  return Number(/^DICT_(\d)X/.exec(dictionary)![1]) + 2;
}

/** Rows from the printed marker's top, border included: 1 black, 0 white. */
export function markerCells(cv: CV, dictionary: MarkerDictionary, ids: readonly number[]): number[][][] {
  const api = arucoOf(cv);
  if (!api) throw new Error('this opencv.js build has no ArUco module');
  const dictId = dictionaryConstant(api, dictionary);
  if (dictId === null) throw new Error(`opencv.js does not know the ArUco dictionary ${dictionary}`);
  const dict = api.getPredefinedDictionary(dictId);
  const img = new cv.Mat();
  try {
    const side = cellsPerSide(dictionary);
    return ids.map((id) => {
      // One pixel a cell.
      api.generateImageMarker(dict, id, side, img, 1);
      return Array.from({ length: side }, (_, r) => Array.from({ length: side }, (_, c) => (img.ucharAt(r, c) < 128 ? 1 : 0)));
    });
  } finally {
    img.delete();
    dict.delete();
  }
}
