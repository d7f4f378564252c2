import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInView } from './use-in-view';

// jsdom has no IntersectionObserver, so this stands in for the browser's: it hands the test the callback, and the
// test delivers entries as a browser may. A browser queues one callback for every entry that piled up since the
// last (the element's first, out-of-view entry and the in-view one after a quick scroll can arrive together).
let deliver: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {};
class StandInObserver {
  constructor(callback: IntersectionObserverCallback) {
    deliver = (entries) => callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
  observe() {}
  disconnect() {}
}

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useInView(ref);
  return <div ref={ref}>{seen ? 'seen' : 'not seen'}</div>;
}

describe('useInView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is seen when any entry of a delivered batch is in view, not only the first', () => {
    vi.stubGlobal('IntersectionObserver', StandInObserver);
    render(<Probe />);
    expect(screen.getByText('not seen')).toBeInTheDocument();
    act(() => deliver([{ isIntersecting: false }, { isIntersecting: true }]));
    expect(screen.getByText('seen')).toBeInTheDocument();
  });

  it('stays unseen while every entry is out of view', () => {
    vi.stubGlobal('IntersectionObserver', StandInObserver);
    render(<Probe />);
    act(() => deliver([{ isIntersecting: false }]));
    expect(screen.getByText('not seen')).toBeInTheDocument();
  });

  it('is seen when a scroll brings the element near the view, though the observer reports nothing', () => {
    vi.stubGlobal('IntersectionObserver', StandInObserver);
    render(<Probe />);
    const element = screen.getByText('not seen');
    const boxAt = (top: number) =>
      vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 40 } as DOMRect);
    boxAt(window.innerHeight + 1000);
    act(() => {
      document.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('not seen')).toBeInTheDocument();
    boxAt(window.innerHeight + 100);
    act(() => {
      document.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByText('seen')).toBeInTheDocument();
  });
});
