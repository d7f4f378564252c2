import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './safe-next';

describe('safeNextPath', () => {
  it.each([
    ['/my-reservations', '/my-reservations'],
    ['/settings/password?x=1#top', '/settings/password?x=1#top'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    // Dot segments that resolve to a protocol-relative path.
    ['/.//evil.example', '/'],
    ['/..//evil.example', '/'],
    ['/%2e//evil.example', '/'],
    ['/a/..//evil.example', '/'],
    ['/./\\evil.example', '/'],
    ['/a/../my-reservations', '/my-reservations'],
  ])('%s -> %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it('builds the sign-in address with next and message', () => {
    expect(signInPath('/my-reservations', 'Please sign in to view your reservations')).toBe(
      '/auth/signin?next=%2Fmy-reservations&message=Please+sign+in+to+view+your+reservations',
    );
  });
});
