import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Screen } from '../stores/navigationStore.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import './screenProblem.css';

type BoundaryProps = {
  screen: Screen;
  children: ReactNode;
  /** Called by "Try again" before the screen is mounted afresh. */
  onRetry?: (screen: Screen) => void;
};
type BoundaryState = { error: Error | null; attempt: number; screen: Screen | null };

/**
 * Catches what the current screen throws while it renders, so one broken screen shows a calm panel
 * in its place while the header, the navigation and every other screen keep working. Moving to
 * another screen clears it; "Try again" mounts the screen afresh.
 */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0, screen: null };

  /** Another screen is another chance: what the last one threw is forgotten before the new one renders. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.screen === state.screen ? null : { screen: props.screen, error: null };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The page has no log of its own in core: the console is where a developer looks for this.
    console.error(`The ${this.props.screen} screen failed to render.`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry?.(this.props.screen);
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return <ScreenProblem screen={this.props.screen} error={error} onRetry={this.retry} />;
  }
}

/** The calm panel in a broken screen's place, in the studio's language. */
function ScreenProblem({ screen, error, onRetry }: { screen: Screen; error: Error; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <section className="screen screen-problem" data-screen-problem={screen}>
      <EmptyState
        title={intl.formatMessage({ id: 'app.screenProblem.title' })}
        action={
          <Button variant="primary" onClick={onRetry}>
            {intl.formatMessage({ id: 'app.screenProblem.retry' })}
          </Button>
        }
      >
        <p>{intl.formatMessage({ id: 'app.screenProblem.safe' })}</p>
        {notArrived(error) ? (
          <p>{intl.formatMessage({ id: 'app.screenProblem.notLoaded' })}</p>
        ) : (
          <p className="screen-problem-message">{error.message || intl.formatMessage({ id: 'app.screenProblem.noReason' })}</p>
        )}
      </EmptyState>
    </section>
  );
}

/**
 * A screen's code that did not arrive: "Failed to fetch dynamically imported module: <address>" in
 * Chromium (the desktop app, and the browser host in Chrome or Edge), "error loading dynamically
 * imported module" in Firefox, "Importing a module script failed." in Safari.
 */
function notArrived(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed/i.test(error.message);
}
