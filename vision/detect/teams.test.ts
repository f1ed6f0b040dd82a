import { describe, expect, it } from 'vitest';
import { assignTeams, colourDistance, litTeamColours, rgbOf, type Rgb } from './teams.ts';

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

describe('teams by the colours the players gave', () => {
  // Sling corpus seed 17: two wooden teams (#b98d58, #e3cb9f) under a warm light (red x1.12,
  // blue x0.87): the light team's discs come nearer the darker team's given colour than their own.
  const given = ['#b98d58', '#e3cb9f'].map(rgb);
  const dark = ['#bd8147', '#be8247', '#c9894a'];
  const light = ['#f0c082', '#e4b77c', '#f6ba79'];
  it('are seen as the image\'s light shows them (a warm light on two wooden teams)', () => {
    const colours = [...dark, ...light].map(rgb);
    expect(litTeamColours(colours, given)).not.toBeNull();
    expect(assignTeams(colours, 2, given).labels).toEqual(['A', 'A', 'A', 'B', 'B', 'B']);
  });

  it('taken as given, the warm light puts both teams in one (what the light corrects)', () => {
    const nearestGiven = (c: Rgb) => (colourDistance(c, given[0]!) <= colourDistance(c, given[1]!) ? 'A' : 'B');
    expect([...dark, ...light].map(rgb).map(nearestGiven)).toEqual(['A', 'A', 'A', 'A', 'A', 'A']);
  });

  it('one team alone, half in shade, is not split into both teams (red and yellow given)', () => {
    const redYellow = ['#b0262c', '#e2b928'].map(rgb);
    const red = ['#b0262c', '#ad282e', '#b3242a'].map(rgb);
    const shaded = red.map((c) => c.map((v) => v * 0.55) as Rgb);
    const colours = [...red, ...shaded];
    expect(litTeamColours(colours, redYellow)).toBeNull();
    expect(assignTeams(colours, 2, redYellow).labels).toEqual(['A', 'A', 'A', 'A', 'A', 'A']);
  });

  it('one wooden team alone, half in shade, is not split into both wooden teams', () => {
    const shaded = dark.map(rgb).map((c) => c.map((v) => v * 0.7) as Rgb);
    const colours = [...dark.map(rgb), ...shaded];
    expect(litTeamColours(colours, given)).toBeNull();
    expect(assignTeams(colours, 2, given).labels).toEqual(['A', 'A', 'A', 'A', 'A', 'A']);
  });
});

// 12 ft table seed 28: a painted rosette taken for a puck (45% of its rim found), brown, beside
// two red and two orange pucks found 77-89% round.
describe('teams learnt from the discs found surely, the others put with the nearest', () => {
  const pucks = ['#d26626', '#d06628', '#ac2830', '#a1232a'].map(rgb);
  const rosette = rgb('#b79a82');
  const colours = [...pucks, rosette];
  const unsure = [false, false, false, false, true];

  it('the red and the orange pucks are two teams, the rosette with one of them', () => {
    const { labels } = assignTeams(colours, 2, undefined, undefined, unsure);
    expect(labels[0]).toBe(labels[1]);
    expect(labels[2]).toBe(labels[3]);
    expect(labels[0]).not.toBe(labels[2]);
  });

  it('learnt from every disc alike, the rosette is a team of its own and every puck the other', () => {
    const { labels } = assignTeams(colours, 2);
    expect(new Set(labels.slice(0, 4)).size).toBe(1);
    expect(labels[4]).not.toBe(labels[0]);
  });

  it('too few discs found surely (fewer than two a team): learnt from every disc', () => {
    const few = [false, true, true, true, true];
    expect(assignTeams(colours, 2, undefined, undefined, few).labels).toEqual(assignTeams(colours, 2).labels);
  });

  // Crokinole 26" seed 37: the light wooden team found little round their rims (41% and 59%),
  // and among the sure discs one dark fit beside the brown team's.
  it('a stray colour among the sure discs is no team: learnt from every disc', () => {
    const brown = ['#ba8d5a', '#b98d59', '#b4884f', '#b08855'].map(rgb);
    const colours = [...brown, rgb('#634b2f'), rgb('#dbc59c'), rgb('#e9d0a5')];
    const { labels } = assignTeams(colours, 2, undefined, undefined, [false, false, false, false, false, true, true]);
    expect(new Set(labels.slice(0, 4)).size).toBe(1);
    expect(labels[5]).toBe(labels[6]);
    expect(labels[5]).not.toBe(labels[0]);
  });

  // The discs found surely all one team's, in light and shade: two groups nearer than two teams.
  it('sure discs of one team alone are not split into both teams', () => {
    const red = ['#a52e36', '#aa3239', '#9a2a31', '#a02d35'].map(rgb);
    const orange = ['#d26626', '#d06628'].map(rgb);
    const { labels } = assignTeams([...red, ...orange], 2, undefined, undefined, [false, false, false, false, true, true]);
    expect(new Set(labels.slice(0, 4)).size).toBe(1);
    expect(labels[4]).toBe(labels[5]);
    expect(labels[4]).not.toBe(labels[0]);
  });
});

describe('one team alone on the board, no colours given', () => {
  // Nano Curling seed 29: three red stones found, the other team's none.
  it('is one team, not split into two', () => {
    const { labels } = assignTeams(['#a52e36', '#aa3239', '#a83037'].map(rgb), 2);
    expect(new Set(labels).size).toBe(1);
  });

  it('two teams as near as two woods are still two', () => {
    const { labels } = assignTeams(['#b98d58', '#bb8f5a', '#e3cb9f', '#e1c99d'].map(rgb), 2);
    expect(labels[0]).toBe(labels[1]);
    expect(labels[2]).toBe(labels[3]);
    expect(labels[0]).not.toBe(labels[2]);
  });
});

describe('teams where part of the board lies in a brighter light', () => {
  // Crokinole 24" corpus seed 17: red against orange, 9 of 20 discs under a lamp's glare (red
  // ones seen pink, orange ones cream). Colours as measured, glare taken off where it was
  // measured, the channel clipped then the least it can be.
  const usual = ['#c63031', '#ca2d30', '#d23b3e', '#bd2629', '#c62e30', '#fb7737', '#f87331', '#f56c29', '#f77532', '#f97633', '#f36d2b'].map(rgb);
  const redInUsualLight = [0, 1, 2, 3, 4];
  // Glare measured and taken off: [colour, clipped channels, team].
  const measured: [Rgb, number[] | null, 'red' | 'orange'][] = [
    [[97, 54, 49], [0], 'red'], // seen #fecdcb
    [[104, 45, 43], [0], 'red'], // seen #fdc3c1
    [[189, 44, 60], [0], 'red'], // seen #fb7170
    [[201, 119, 55], [0], 'orange'], // seen #fcaa68
    [[133, 113, 51], [0], 'orange'], // seen #fedd95
  ];
  // Lifted unevenly across the channels: how much is not known.
  const unmeasured: [Rgb, 'red' | 'orange'][] = [
    [rgb('#fc7c7c'), 'red'],
    [rgb('#feca85'), 'orange'],
  ];
  const colours = [...usual, ...measured.map((m) => m[0]), ...unmeasured.map((u) => u[0])];
  const truth = [...usual.map((_, i) => (redInUsualLight.includes(i) ? 'red' : 'orange')), ...measured.map((m) => m[2]), ...unmeasured.map((u) => u[1])];
  const seen = {
    brightened: colours.map((_, i) => i >= usual.length),
    clipped: colours.map((_, i) => (i >= usual.length && i < usual.length + measured.length ? measured[i - usual.length]![1] : null)),
    liftUnknown: colours.map((_, i) => i >= usual.length + measured.length),
  };
  const byTeam = (labels: readonly string[]) => {
    const red = teamsOf(labels, truth.flatMap((t, i) => (t === 'red' ? [i] : [])));
    const orange = teamsOf(labels, truth.flatMap((t, i) => (t === 'orange' ? [i] : [])));
    return { red, orange };
  };

  it('learns the teams from the discs in the usual light and puts every disc with its own', () => {
    const { red, orange } = byTeam(assignTeams(colours, 2, undefined, seen).labels);
    expect(red.size).toBe(1);
    expect(orange.size).toBe(1);
    expect([...red][0]).not.toBe([...orange][0]);
  });

  it('learnt from every disc alike, splits them by the light instead', () => {
    const plain = { brightened: colours.map(() => false), clipped: colours.map(() => null), liftUnknown: colours.map(() => false) };
    const { red, orange } = byTeam(assignTeams(colours, 2, undefined, plain).labels);
    expect(red.size + orange.size).toBeGreaterThan(2);
  });

  it('a clipped channel counts only where the colour is less than it can be', () => {
    // An orange disc under glare lifting the board round it by 150 is seen #ffffc7, red and green
    // clipped: less the glare, [105, 105, 49] at least. As a plain colour that is nearer the red
    // team's; knowing the clip, it is the orange team's own.
    const learnt = [usual.slice(0, 5), usual.slice(5)].map((g) => g.reduce((a, c) => a.map((v, j) => v + c[j]! / g.length) as Rgb, [0, 0, 0] as Rgb));
    const one = (clipped: number[] | null) => assignTeams([[105, 105, 49]], 2, learnt, { brightened: [true], clipped: [clipped], liftUnknown: [false] }).labels[0];
    expect(one([0, 1])).toBe('B');
    expect(one(null)).toBe('A');
  });

  it('a face lit by an unmeasured light is the team it needs least light added to be', () => {
    const blackWhite = [rgb('#222222'), rgb('#ece4d4')];
    const one = (c: string) => assignTeams([rgb(c)], 2, blackWhite, { brightened: [true], clipped: [null], liftUnknown: [true] }).labels[0];
    // 12 ft table seed 21: a black puck under glare seen grey, no nearer white than black.
    expect(one('#a19f9a')).toBe('A');
    // A white disc clipped white: a little light on white, not very much on black.
    expect(one('#fffffa')).toBe('B');
    // Darker than white, lighter than black: no light darkens a face.
    expect(one('#6f6f6e')).toBe('A');
  });
});
