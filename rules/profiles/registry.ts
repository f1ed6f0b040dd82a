/**
 * The board profiles shipped with the project, validated on load like any club's own file.
 * Add a profile: drop its JSON beside this file and list it here.
 */
import { parseBoardProfile, type BoardProfile } from './schema.ts';
import crokinoleNca26 from './crokinole-nca-26in.json' with { type: 'json' };
import crokinoleRec24 from './crokinole-rec-24in.json' with { type: 'json' };

const shipped: unknown[] = [
  crokinoleNca26,
  crokinoleRec24,
];

function load(data: unknown): BoardProfile {
  const r = parseBoardProfile(data);
  // A shipped profile that does not validate is a bug in this repository, not a user error.
  if (!r.ok) throw new Error(r.error);
  return r.profile;
}

export const BOARD_PROFILES: Readonly<Record<string, BoardProfile>> = Object.fromEntries(
  shipped.map(load).map((p) => [p.id, p]),
);

export function profilesForGame(game: string): BoardProfile[] {
  return Object.values(BOARD_PROFILES).filter((p) => p.game === game);
}
