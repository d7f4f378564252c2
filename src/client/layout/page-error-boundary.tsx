import { Component, type ReactNode } from 'react';
import { Banner } from '../components/banner';

/**
 * A page that fails to render or to load says so and offers a reload, instead of leaving a blank screen.
 * The layout gives it the path as its key, so going to another page starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Banner kind="error">
        Something went wrong showing this page.{' '}
        <button type="button" className="font-semibold underline" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </Banner>
    );
  }
}
