import { describe, expect, it } from 'vitest';
import { formatElapsed, scheduledLabel, shortLabel } from './PublishStatus';

describe('the top bar publishing words', () => {
  it('says when scheduled changes go live, in whole minutes rounded up, never "0 minutes"', () => {
    expect(scheduledLabel(120_000)).toBe('Your changes go live in about 2 minutes');
    expect(scheduledLabel(119_000)).toBe('Your changes go live in about 2 minutes');
    expect(scheduledLabel(61_000)).toBe('Your changes go live in about 2 minutes');
    expect(scheduledLabel(60_000)).toBe('Your changes go live in about 1 minute');
    // Due already (the scheduled function runs once a minute): still "about 1 minute", not a past time.
    expect(scheduledLabel(-5_000)).toBe('Your changes go live in about 1 minute');
  });

  it("gives a phone's status row a short sentence for every state", () => {
    expect(shortLabel('scheduled', 120_000)).toBe('Live in about 2 min');
    expect(shortLabel('scheduled', -5_000)).toBe('Live in about 1 min');
    expect(shortLabel('publishing', 0)).toBe('Publishing…');
    expect(shortLabel('failed', 0)).toBe('Publishing failed');
    expect(shortLabel('up-to-date', 0)).toBe('Live site is up to date');
  });

  it('formats the elapsed publishing time', () => {
    expect(formatElapsed(7_000)).toBe('0:07');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
  });
});
