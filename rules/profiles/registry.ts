/**
 * The board profiles shipped with the project, validated on load like any club's own file.
 * Add a profile: drop its JSON beside this file and list it here.
 */
import { parseBoardProfile, type BoardProfile } from './schema.ts';
import carromStandard74 from './carrom-standard-74cm.json' with { type: 'json' };
import crokinoleNca26 from './crokinole-nca-26in.json' with { type: 'json' };
import crokinoleRec24 from './crokinole-rec-24in.json' with { type: 'json' };
import curlingMat from './curling-mat.json' with { type: 'json' };
import nanoCurlingSheet from './nano-curling-sheet.json' with { type: 'json' };
import pitrushStandard from './pitrush-standard.json' with { type: 'json' };
import shuffleboardMat from './shuffleboard-mat.json' with { type: 'json' };
import sjoelbakStandard from './sjoelbak-standard-40x200.json' with { type: 'json' };
import slingStandard from './sling-standard.json' with { type: 'json' };
import tableShuffleboard9ft from './table-shuffleboard-9ft.json' with { type: 'json' };
import tableShuffleboard12ft from './table-shuffleboard-12ft.json' with { type: 'json' };

const shipped: unknown[] = [
  carromStandard74,
  crokinoleNca26,
  crokinoleRec24,
  curlingMat,
  nanoCurlingSheet,
  pitrushStandard,
  shuffleboardMat,
  sjoelbakStandard,
  slingStandard,
  tableShuffleboard9ft,
  tableShuffleboard12ft,
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
