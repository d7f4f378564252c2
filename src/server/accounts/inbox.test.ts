import { describe, expect, it } from 'vitest';
import { inboxOf } from './inbox';

// Every per-inbox count (the account emails an inbox gets) goes by inboxOf, so however an address is spelled,
// one inbox gets at most its allowance.

describe('inboxOf: the inbox an address delivers to', () => {
  // Twenty spellings that all land in one Gmail inbox.
  it.each([
    'victimname@gmail.com',
    'VictimName@gmail.com',
    'VICTIMNAME@GMAIL.COM',
    'victim.name@gmail.com',
    'Victim.Name@Gmail.com',
    'v.ictimname@gmail.com',
    'vi.ct.im.na.me@gmail.com',
    'v.i.c.t.i.m.n.a.m.e@gmail.com',
    'victim..name@gmail.com',
    'victimname+1@gmail.com',
    'victimname+booking@gmail.com',
    'victim.name+sushi+friday@gmail.com',
    'victimname+@gmail.com',
    'victimname@googlemail.com',
    'Victim.Name@GoogleMail.com',
    'victimname+x@googlemail.com',
    'v.ictim.name+y@googlemail.com',
    ' victimname@gmail.com ',
    'victimName+Tag.With.Dots@gmail.com',
    'victim.name.@gmail.com',
  ])('%s is victimname@gmail.com', (spelling) => {
    expect(inboxOf(spelling)).toBe('victimname@gmail.com');
  });

  it.each([
    // Other providers keep dots: they may be two people.
    ['victim.name@example.com', 'victim.name@example.com'],
    ['Victim.Name@Example.com', 'victim.name@example.com'],
    // A +tag goes everywhere (the common convention for subaddresses).
    ['victim.name+tag@example.com', 'victim.name@example.com'],
    // A local part that is all tag keeps it: there is nothing else to name the inbox by.
    ['+tag@example.com', '+tag@example.com'],
    // Dots in a Gmail domain itself are not the local part's.
    ['victimname@mail.gmail.com.example', 'victimname@mail.gmail.com.example'],
    ['not-an-address', 'not-an-address'],
  ])('%s is %s', (spelling, inbox) => {
    expect(inboxOf(spelling)).toBe(inbox);
  });

  it('tells different people apart', () => {
    expect(inboxOf('victimname@gmail.com')).not.toBe(inboxOf('victimname2@gmail.com'));
    expect(inboxOf('victim.name@example.com')).not.toBe(inboxOf('victimname@example.com'));
    expect(inboxOf('victimname@gmail.com')).not.toBe(inboxOf('victimname@example.com'));
  });
});
