import { describe, expect, it } from 'vitest';
import { linePoints, niceMax, pathOf, scaleBars, ticks } from './chart-scale';

describe('chart scaling', () => {
  it('rounds the axis top up to 1, 2, 2.5 or 5 × a power of ten', () => {
    expect(niceMax([0, 7])).toBe(10);
    expect(niceMax([12])).toBe(20);
    expect(niceMax([21])).toBe(25);
    expect(niceMax([26])).toBe(50);
    expect(niceMax([51])).toBe(100);
    expect(niceMax([100])).toBe(100);
    expect(niceMax([1_234_567])).toBe(2_000_000);
  });

  it('gives an empty or tiny chart an axis of at least the floor', () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, 0])).toBe(1);
    expect(niceMax([0, 0], 10_000)).toBe(10_000);
    expect(niceMax([50], 10_000)).toBe(10_000);
    expect(niceMax([Number.NaN, 30])).toBe(50);
  });

  it('spaces ticks evenly from zero', () => {
    expect(ticks(100, 4)).toEqual([0, 25, 50, 75, 100]);
  });

  it('scales bars so the axis top fills the height, bottom-aligned', () => {
    const bars = scaleBars([0, 50, 100], 300, 100, 100, 0);
    expect(bars.map((b) => b.height)).toEqual([0, 50, 100]);
    expect(bars.map((b) => b.y)).toEqual([100, 50, 0]);
    expect(bars.map((b) => b.x)).toEqual([0, 100, 200]);
    expect(bars.every((b) => b.width === 100)).toBe(true);
  });

  it('keeps a gap between bars and never draws a negative bar', () => {
    const [bar, negative] = scaleBars([40, -10], 200, 100, 100, 4);
    expect(bar?.width).toBe(96);
    expect(bar?.x).toBe(2);
    expect(negative?.height).toBe(0);
  });

  it('puts zero inside the line chart when a day goes negative', () => {
    const { points, top, bottom, zeroY } = linePoints([100, -20, 0], 300, 120);
    expect(top).toBe(100);
    expect(bottom).toBe(-20);
    expect(zeroY).toBe(100);
    expect(points.map((p) => p.x)).toEqual([50, 150, 250]);
    expect(points.map((p) => p.y)).toEqual([0, 120, 100]);
  });

  it('writes a short SVG path', () => {
    expect(pathOf([{ x: 0, y: 10 }, { x: 33.333, y: 5.06 }])).toBe('M0 10 L33.3 5.1');
    expect(pathOf([])).toBe('');
  });
});
