// Wraps each view's React tree: an exception while rendering (a shape the state schema allows but a
// component did not expect, a bug) shows a readable error with a "Reload view" action instead of a
// blank page, and the error with its component stack goes to the Intent Lens output channel. Pure
// React (no bridge import), so it renders in unit tests; `viewRoot` passes `report`.
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** The view's name, for the message and the report (`compare`, `dashboard` …). */
  view: string;
  /** Where the error goes: the page's `log` command to the host. */
  report: (message: string) => void;
  /** Run before the view is rendered again (e.g. fetch a fresh state); the default just re-renders. */
  onReload?: () => void | Promise<void>;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | undefined;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.props.report(
      `the ${this.props.view} view failed to render: ${message}${info.componentStack ? `\n${info.componentStack.trim()}` : ''}`,
    );
  }

  /** Renders the view again from scratch (its components' state is lost, the host's is not). */
  readonly reload = async (): Promise<void> => {
    try {
      await this.props.onReload?.();
    } catch (e) {
      this.props.report(`reloading the ${this.props.view} view failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.setState({ error: undefined });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ViewError view={this.props.view} error={error} onReload={() => void this.reload()} />;
  }
}

/** What the page shows in place of a view that failed: the error, where the details are, and a way back. */
export function ViewError(props: { view: string; error: Error; onReload: () => void }) {
  return (
    <div role="alert" data-testid="view-error" style={{ padding: '1em', maxWidth: '60em' }}>
      <h2 style={{ fontSize: '1.1em' }}>Intent Lens: the {props.view} view hit an error</h2>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{props.error.message || props.error.name}</pre>
      <p>The details are in the Intent Lens output channel.</p>
      <button type="button" data-testid="reload-view" onClick={props.onReload}>
        Reload view
      </button>
    </div>
  );
}
