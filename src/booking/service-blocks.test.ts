import { describe, expect, it } from 'vitest';
import { currentBlockStart, nextBlockStart } from './service-blocks';

describe("the host stand's half hours", () => {
  it('finds the block under way and the next one, across the hour', () => {
    expect([1900, 1914, 1929, 1930, 1959].map(currentBlockStart)).toEqual([1900, 1900, 1900, 1930, 1930]);
    expect([1900, 1929, 1930, 1959, 2330].map(nextBlockStart)).toEqual([1930, 1930, 2000, 2000, 2400]);
  });
});
