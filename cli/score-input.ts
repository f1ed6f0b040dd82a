/** The `score` command's stdin (DESIGN.md): a board state in board millimetres. */
import { z } from 'zod';
import type { BoardState } from '../rules/core/board-state.ts';

const disc = z.object({
  id: z.string().optional(),
  xMm: z.number().finite(),
  yMm: z.number().finite(),
  team: z.string().min(1),
  radiusMm: z.number().positive().optional(),
  kind: z.enum(['disc', 'stone', 'puck', 'man', 'queen', 'striker', 'neutral']).optional(),
  uncertaintyMm: z.number().min(0).optional(),
  onTopOfId: z.string().optional(),
});

export const scoreInputSchema = z.object({
  discs: z.array(disc),
  hole: z.record(z.string(), z.number().int().min(0)).optional(),
  compartments: z.record(z.string(), z.number().int().min(0)).optional(),
  teams: z.array(z.string()).optional(),
  decisions: z.array(z.object({ discId: z.string(), call: z.enum(['clear', 'touching']), winnerId: z.string().optional(), discsUnder: z.array(z.string()).optional() })).optional(),
});

export type ScoreInput = z.infer<typeof scoreInputSchema>;

export function toBoardState(input: ScoreInput): BoardState {
  return {
    discs: input.discs.map((d, i) => ({ ...d, id: d.id ?? `d${i + 1}` })),
    ...(input.hole ? { hole: input.hole } : {}),
    ...(input.compartments ? { compartments: input.compartments } : {}),
  };
}
