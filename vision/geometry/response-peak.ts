/**
 * The strongest of a run of edge responses, to a fraction of a sample: the largest response
 * of the wanted sign (`polarity` +1 positive, -1 negative, 0 either) among resp[0..count-1],
 * moved by the vertex of the parabola through it and its two neighbours (at most half a
 * sample). Null when none is above zero or the strongest is at either end (no vertex there).
 */
export function responsePeak(resp: ArrayLike<number>, count: number, polarity: -1 | 0 | 1): { sample: number; fraction: number; response: number } | null {
  let best = -1;
  let bestVal = 0;
  for (let i = 0; i < count; i++) {
    const v = polarity === 0 ? Math.abs(resp[i]!) : polarity * resp[i]!;
    if (v > bestVal) {
      bestVal = v;
      best = i;
    }
  }
  if (best <= 0 || best >= count - 1) return null;
  const a = resp[best - 1]!;
  const b = resp[best]!;
  const c = resp[best + 1]!;
  const denom = a - 2 * b + c;
  const fraction = denom === 0 ? 0 : Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denom));
  return { sample: best, fraction, response: b };
}
