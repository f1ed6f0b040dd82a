/** Per-stone calls and end scoring for Nano Curling: the same house rules as curling on a mat. */
import { HOUSE_EDGE_ID } from '../curling-mat/house.ts';

export { scoreCurlingBoard as scoreNanoBoard } from '../curling-mat/calls.ts';

export const NANO_CURLING_REQUIRED_FEATURES = [
  HOUSE_EDGE_ID,
  'control-line-2',
  'centre-line',
  'back-line',
  'side-left',
  'side-right',
  'free-guard-zone',
] as const;
