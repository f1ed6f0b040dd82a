/**
 * Team colours for the tracker. Given up front (the match's teams in order) or learnt as discs
 * appear: the first colour seen is team A, the next clearly different one team B, and so on,
 * which in turn-based games is the order the teams first shoot.
 */
import type { Rgb } from '../detect/teams.ts';

/** Lightness counts less than chroma (as in detect/teams.ts). */
function features(c: Rgb): [number, number, number] {
  const [r, g, b] = c;
  const l = 0.299 * r + 0.587 * g + 0.114 * b;
  return [l * 0.6, r - g, (r + g - 2 * b) * 0.5];
}

function distance(a: Rgb, b: Rgb): number {
  const fa = features(a);
  const fb = features(b);
  return Math.hypot(fa[0] - fb[0], fa[1] - fb[1], fa[2] - fb[2]);
}

export class TeamPalette {
  private readonly colors: Rgb[];

  constructor(
    readonly teamCount: number,
    given?: readonly Rgb[],
    /** Labels of the teams in order ('A', 'B', ... when absent). */
    private readonly labels?: readonly string[],
    /** A colour this far from every known team is a new team (while there is room). */
    readonly newTeamDistance = 40,
  ) {
    this.colors = given ? given.map((c) => [...c] as Rgb) : [];
  }

  get known(): readonly Rgb[] {
    return this.colors;
  }

  label(i: number): string {
    return this.labels?.[i] ?? String.fromCharCode(65 + i);
  }

  /** Team of a colour; learns a new team when the colour is unlike every known one. */
  classify(rgb: Rgb, learn = true): string {
    if (this.colors.length === 0) {
      if (!learn) return this.label(0);
      this.colors.push([...rgb] as Rgb);
      return this.label(0);
    }
    let best = 0;
    for (let i = 1; i < this.colors.length; i++) if (distance(rgb, this.colors[i]!) < distance(rgb, this.colors[best]!)) best = i;
    if (learn && this.colors.length < this.teamCount && distance(rgb, this.colors[best]!) > this.newTeamDistance) {
      this.colors.push([...rgb] as Rgb);
      return this.label(this.colors.length - 1);
    }
    return this.label(best);
  }

  reset(given?: readonly Rgb[]): void {
    this.colors.length = 0;
    if (given) for (const c of given) this.colors.push([...c] as Rgb);
  }
}
