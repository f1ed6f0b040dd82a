/**
 * Games whose pieces are named by their colour, whoever plays them: carrom's men are white and
 * black, and the rules read a man's colour (the breaker plays white, which changes from board
 * to board). There the tracker labels men 'white' / 'black' rather than by team.
 */
import type { Rgb } from '../detect/teams.ts';

export interface NamedColour {
  label: string;
  rgb: Rgb;
}

export const NAMED_PIECE_COLOURS: Readonly<Record<string, readonly NamedColour[]>> = {
  carrom: [
    { label: 'white', rgb: [236, 228, 212] },
    { label: 'black', rgb: [34, 34, 34] },
  ],
};

function lightness(c: Rgb): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

/**
 * The labels and colours the tracker uses for a game whose pieces are named by colour (null:
 * the game's pieces belong to teams). Colours given for the match (as many as the game has)
 * replace the usual ones, lightest to darkest in the order of the names (white before black).
 */
export function namedPieceColours(game: string, given?: readonly Rgb[]): { labels: string[]; colors: Rgb[] } | null {
  const named = NAMED_PIECE_COLOURS[game];
  if (!named) return null;
  const labels = named.map((n) => n.label);
  if (given && given.length === named.length) {
    const byLightness = [...given].sort((a, b) => lightness(b) - lightness(a));
    return { labels, colors: byLightness.map((c) => [...c] as Rgb) };
  }
  return { labels, colors: named.map((n) => [...n.rgb] as Rgb) };
}
