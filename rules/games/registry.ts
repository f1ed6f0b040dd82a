/** Every game the referee knows, by id. Add a game: build it with defineRules and list it here. */
import type { GameRules } from '../core/define-rules.ts';
import { carrom } from './carrom/index.ts';
import { crokinole } from './crokinole/index.ts';
import { curlingMat } from './curling-mat/index.ts';
import { nanoCurling } from './nano-curling/index.ts';
import { pitrush } from './pitrush/index.ts';
import { shuffleboardMat } from './shuffleboard-mat/index.ts';
import { sjoelbak } from './sjoelbak/index.ts';
import { sling } from './sling/index.ts';
import { tableShuffleboard } from './table-shuffleboard/index.ts';

export const GAMES: Readonly<Record<string, GameRules<any>>> = {
  carrom,
  crokinole,
  'curling-mat': curlingMat,
  'nano-curling': nanoCurling,
  pitrush,
  'shuffleboard-mat': shuffleboardMat,
  sjoelbak,
  sling,
  'table-shuffleboard': tableShuffleboard,
};
