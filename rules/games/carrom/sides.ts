/**
 * Which side owns which colour, inside a match (the board's assignment) or for a single board
 * position given on its own (the men's labels: colour words, or team ids taking white and black
 * in sorted order).
 */
import type { BoardState, TeamId } from '../../core/board-state.ts';
import type { RulesContext } from '../../core/define-rules.ts';
import type { CarromOptions, Colour } from './options.ts';
import { carromKindOf, colourResolver, type ColourOf } from './pieces.ts';
import { carromCustomOf } from './state.ts';

export interface CarromSides {
  /** Teams the score is reported for. */
  teams: TeamId[];
  colourOf: ColourOf;
  /** The side playing a colour, when one does. */
  teamOfColour(colour: Colour): TeamId | null;
}

export function carromSides(state: BoardState, ctx: RulesContext<CarromOptions>): CarromSides {
  const { profile } = ctx;
  const manLabels = [
    ...state.discs.filter((d) => carromKindOf(d, profile) === 'man').map((d) => d.team),
    ...(state.pocketed ?? []).filter((p) => p.kind === 'man').map((p) => p.team),
  ];
  const custom = carromCustomOf(ctx.match);
  if (custom && ctx.match) {
    const colours = custom.colours;
    return {
      teams: [...ctx.match.teams],
      colourOf: colourResolver(colours, manLabels),
      teamOfColour: (c) => Object.keys(colours).find((t) => colours[t] === c) ?? null,
    };
  }
  const labels = [...new Set(manLabels)].sort();
  // Labels only the queen or the striker carry are not sides.
  const otherLabels = new Set(state.discs.filter((d) => carromKindOf(d, profile) !== 'man').map((d) => d.team));
  const given = (ctx.match?.teams ?? []).filter((t) => labels.includes(t) || !otherLabels.has(t));
  const teams = given.length > 0 ? [...given] : labels.length > 0 ? [...labels] : ['A', 'B'];
  const colourOf = colourResolver({}, [...labels, ...given]);
  const teamOfColour = (c: Colour): TeamId => labels.find((l) => colourOf(l) === c) ?? teams.find((t) => colourOf(t) === c) ?? c;
  for (const c of ['white', 'black'] as const) if (labels.length > 0 && !teams.includes(teamOfColour(c))) teams.push(teamOfColour(c));
  return { teams, colourOf, teamOfColour };
}
