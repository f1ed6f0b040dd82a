import { GAMES } from '../rules/games/registry.ts';
import { profilesForGame } from '../rules/profiles/registry.ts';
import { TRACK_DEFAULTS } from '../vision/track/defaults.ts';

export function helpText(): string {
  const games = Object.values(GAMES)
    .map((g) => `  ${g.id.padEnd(20)} ${g.name}; variants: ${Object.keys(g.variants).join(', ')}; boards: ${profilesForGame(g.id).map((p) => p.id).join(', ')}`)
    .join('\n');
  return `disc-referee: a computer-vision referee for tabletop disc games

Usage:
  disc-referee analyze <image|video|dir>... --game <id> [--board <profile>] [--teams <c1>,<c2>] [--annotate <dir>] [--json]
      Find the board and the discs in photos or videos and make the calls.
      --save-calibration <file> [--camera <name>] keeps the board calibration of a fixed camera;
      --calibration <file> reuses it (checked against each image, redone when the camera moved).
      --markers [layout.json] calibrates from printed ArUco markers (alone: the board's default
      layout, DICT_4X4_50 ids 0-3 just outside the board's corners; falls back to the markings).
      --points points.json calibrates from 4 or more points a person found in the
      image: {"points": [{"at": "corner-1", "xPx": 812, "yPx": 233}, ...]} with the names
      \`boards --board <id> --points\` lists, or {"xMm", "yMm"} in board millimetres instead of
      "at"; the board's own edges then fit it closely where they hold it. For a board not found
      on its own; with --save-calibration, a fixed camera's later images need no points.
      --settle-ms <ms> (videos): how long the board must be still, with no hand in view, before
      a call is made (default ${TRACK_DEFAULTS.settleMs} ms).
      --camera-height-mm <mm>: the camera lens's height above the board's surface, measured. A
      camera almost straight above cannot show it, and parallax corrections then assume a
      typical webcam lens (calls near a line are left to a person more often).
  disc-referee score --game <id> [--variant <name>] [--board <profile>] [--teams A,B] < state.json
      Score a board state given in board millimetres (JSON on stdin), without any image:
      {"discs":[{"xMm":0,"yMm":80,"team":"A"}], "hole":{"A":1}, "compartments":{"1":5,"2":9,"3":5,"4":7}}
  disc-referee markers --game <id> [--board <profile>] [--layout <layout.json>] --out <dir> [--dpi 300]
      Write the ArUco markers to print for --markers (a PNG each) and their layout in board mm.
  disc-referee demo [--game <id>]
      Play a bundled rendered match through the live referee; no camera needed.
  disc-referee boards [--game <id>] [--board <id> --points]
      List the shipped board profiles; --board accepts an id or a path to your own profile JSON.
      --points: the board's points to click for analyze --points, with their board millimetres.
  disc-referee --help | --version

Games:
${games}

Exit codes: 0 analysed, 1 internal error, 2 usage error, 3 input unreadable, 4 board not found.
`;
}
