/** Team colours given on the command line: names a player would say, or #rrggbb. */
import { rgbOf, type Rgb } from '../vision/detect/teams.ts';
import { CliError, EXIT } from './exit-codes.ts';

const NAMED: Record<string, Rgb> = {
  red: [176, 30, 35],
  black: [34, 34, 34],
  white: [236, 234, 228],
  green: [30, 122, 60],
  yellow: [224, 192, 32],
  blue: [31, 79, 160],
  orange: [224, 112, 32],
  natural: [217, 185, 140],
  wood: [217, 185, 140],
  'light-wood': [232, 210, 170],
  'dark-wood': [120, 80, 50],
  brown: [120, 80, 50],
};

export function parseTeamColours(arg: string): Rgb[] {
  const parts = arg.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0);
  if (parts.length < 2) throw new CliError('--teams takes at least two colours, e.g. --teams red,black', EXIT.usage);
  return parts.map((p) => {
    const c = NAMED[p] ?? rgbOf(p);
    if (!c) throw new CliError(`--teams: unknown colour "${p}" (use a name such as ${Object.keys(NAMED).slice(0, 6).join(', ')} or #rrggbb)`, EXIT.usage);
    return c;
  });
}
