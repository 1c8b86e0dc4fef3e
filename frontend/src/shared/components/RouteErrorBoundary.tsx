import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { currentPath, reloadAt } from '../navigation';
import './routeErrorBoundary.css';

export const ROUTE_ERROR_TEXT = {
  title: 'Something went wrong',
  body: 'This page could not be shown. Go back, or reload the page to try again.',
  reload: 'Reload page',
} as const;

interface AreaProps {
  /** The area's start page, where the way back leads. */
  home: string;
  /** Its name on the button: 'Back to {homeLabel}'. */
  homeLabel: string;
  children: ReactNode;
}

interface BoundaryProps extends AreaProps {
  /** The boundary clears itself when this changes: every navigation, even to the same path, has a new key. */
  resetKey: string;
  path: string;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

/** Catches what a screen of one route area throws while rendering (or while its chunk loads). */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`screen ${this.props.path} crashed`, error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <section className="route-error" role="alert" aria-labelledby="route-error-title">
        <h2 id="route-error-title" className="route-error__title">
          {ROUTE_ERROR_TEXT.title}
        </h2>
        <p>{ROUTE_ERROR_TEXT.body}</p>
        <div className="route-error__actions">
          <Link to={this.props.home} className="route-error__button route-error__button--primary">
            Back to {this.props.homeLabel}
          </Link>
          <button type="button" className="route-error__button" onClick={() => reloadAt(currentPath())}>
            {ROUTE_ERROR_TEXT.reload}
          </button>
        </div>
      </section>
    );
  }
}

/**
 * The error boundary of one route area (public, student, admin): a screen that throws shows a way
 * back to the area's start page and a reload instead of a blank page; the layout around it stays.
 */
export function RouteErrorBoundary({ home, homeLabel, children }: AreaProps) {
  const { pathname, key } = useLocation();
  return (
    <Boundary home={home} homeLabel={homeLabel} resetKey={key} path={pathname}>
      {children}
    </Boundary>
  );
}
