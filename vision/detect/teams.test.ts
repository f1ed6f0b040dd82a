import { describe, expect, it } from 'vitest';
import { assignTeams, rgbOf, type Rgb } from './teams.ts';

const rgb = (hex: string): Rgb => rgbOf(hex)!;
const teamsOf = (labels: readonly string[], indices: readonly number[]) => new Set(indices.map((i) => labels[i]));

describe('teams learnt from the discs seen', () => {
  it('puts each team colour in one team, two colours apart', () => {
    const colours = ['#222222', '#252525', '#1f1f1f', '#ece4d4', '#e8e0d0'].map(rgb);
    const { labels } = assignTeams(colours, 2);
    expect(labels).toEqual(['A', 'A', 'A', 'B', 'B']);
  });

  // Red against orange, with red discs in glare seen pink (crokinole corpus seed 30): from the
  // darkest and the lightest disc alone, k-means settles with the red disc among the orange ones
  // and the pink ones as a team of their own.
  it('keeps a team whose discs glare pink together when the other team is near in hue (red against orange)', () => {
    const orange = ['#da6c2d', '#de7133', '#dc6f32', '#d46729'];
    const red = ['#ae2a32', '#fea7aa', '#fc8489'];
    const { labels } = assignTeams([...orange, ...red].map(rgb), 2);
    const o = teamsOf(labels, [0, 1, 2, 3]);
    const r = teamsOf(labels, [4, 5, 6]);
    expect(o.size).toBe(1);
    expect(r.size).toBe(1);
    expect([...o][0]).not.toBe([...r][0]);
  });

  // Red against orange with one stray pale detection (crokinole corpus seed 21): the stray one
  // made a team of its own and every other disc the other team.
  it('does not make a team of one stray colour when the teams are near in hue', () => {
    const red = ['#bd2327', '#b72426', '#b52327', '#b72226', '#b82325', '#ba2126', '#a62526', '#b82023', '#b72325', '#b51f24', '#b52423'];
    const orange = ['#ed692c', '#ef6423', '#ea6825', '#ec6725', '#ec6722', '#ef6a28', '#eb6524', '#ed6724', '#ec6926', '#ec6722', '#eb6826', '#ee6524'];
    const stray = '#e4a563';
    const { labels } = assignTeams([...red, ...orange, stray].map(rgb), 2);
    const r = teamsOf(labels, red.map((_, i) => i));
    const o = teamsOf(labels, orange.map((_, i) => red.length + i));
    expect(r.size).toBe(1);
    expect(o.size).toBe(1);
    expect([...r][0]).not.toBe([...o][0]);
  });

  it('labels teams from the darkest colour up, and keeps given colours as given', () => {
    const colours = ['#ece4d4', '#222222', '#e8e0d0', '#252525'].map(rgb);
    expect(assignTeams(colours, 2).labels).toEqual(['B', 'A', 'B', 'A']);
    expect(assignTeams(colours, 2, [rgb('#f0f0f0'), rgb('#101010')]).labels).toEqual(['A', 'B', 'A', 'B']);
  });
});
