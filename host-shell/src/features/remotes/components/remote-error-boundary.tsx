import { Component, type ReactNode } from 'react';

interface Props {
  /** Changing this key clears a caught error (a retry, or another page). */
  resetKey: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches a remote that fails to load or throws while rendering, so the shell keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  /** Read by the root's `onCaughtError` (bootstrap.tsx): this boundary logs what it catches, React does not again. */
  readonly logsCaughtErrors = true;

  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error('Module distant en échec :', error, error instanceof Error ? error.cause : undefined);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
