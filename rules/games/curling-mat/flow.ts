/** Curling on a mat match flow (seed 000): 3 stones a team, 8 ends, extra ends until someone leads. */
import type { MatchFlow } from '../../core/define-rules.ts';
import { endsFlow, type EndsSettings } from './ends.ts';
import type { CurlingMatOptions } from './options.ts';

export function curlingMatSettings(o: CurlingMatOptions): EndsSettings {
  return { stonesPerTeam: o.stonesPerTeam, ends: o.ends, target: null, maxExtraEnds: o.maxExtraEnds };
}

export const curlingMatFlow: MatchFlow<CurlingMatOptions> = endsFlow(curlingMatSettings);
