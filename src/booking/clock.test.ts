import { describe, expect, it } from 'vitest';
import { addMinutes, endTimeFor, formatTime12h, isHhmm, rangesOverlap } from './clock';

describe('clock', () => {
  it('adds 90 minutes across hours, as the spec stores end times', () => {
    expect(endTimeFor(1700)).toBe(1830);
    expect(endTimeFor(1745)).toBe(1915);
    expect(endTimeFor(2030)).toBe(2200);
    expect(addMinutes(1230, 30)).toBe(1300);
  });

  it('formats 12-hour times with AM/PM', () => {
    expect(formatTime12h(1700)).toBe('5:00 PM');
    expect(formatTime12h(1830)).toBe('6:30 PM');
    expect(formatTime12h(1200)).toBe('12:00 PM');
    expect(formatTime12h(0)).toBe('12:00 AM');
    expect(formatTime12h(905)).toBe('9:05 AM');
  });

  it('recognises HHMM integers', () => {
    expect(isHhmm(1700)).toBe(true);
    expect(isHhmm(2359)).toBe(true);
    expect(isHhmm(1760)).toBe(false);
    expect(isHhmm(2400)).toBe(false);
    expect(isHhmm(17.5)).toBe(false);
  });

  it('treats touching ranges as free and shared minutes as overlap', () => {
    expect(rangesOverlap({ startTime: 1700, endTime: 1830 }, { startTime: 1830, endTime: 2000 })).toBe(false);
    expect(rangesOverlap({ startTime: 1700, endTime: 1830 }, { startTime: 1800, endTime: 1930 })).toBe(true);
    expect(rangesOverlap({ startTime: 1800, endTime: 1930 }, { startTime: 1700, endTime: 1830 })).toBe(true);
  });
});
