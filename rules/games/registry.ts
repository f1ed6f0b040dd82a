/** Every game the referee knows, by id. Add a game: build it with defineRules and list it here. */
import type { GameRules } from '../core/define-rules.ts';
import { crokinole } from './crokinole/index.ts';

export const GAMES: Readonly<Record<string, GameRules<any>>> = {
  crokinole,
};
