import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PlainButton } from '../lib/plain-form';

interface BoundaryProps {
  /** Another page clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page en échec :', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // React.lazy keeps a failed import: only a reload fetches the page's code again.
    return (
      <div
        role="alert"
        className="plain-text"
        style={{ padding: 24, maxWidth: 560, margin: '48px auto', textAlign: 'center' }}
      >
        <p style={{ fontSize: 18, fontWeight: 600 }}>Cette page n'a pas pu être chargée</p>
        <p>
          Le serveur ne répond pas ou la connexion est coupée. Le reste de l'application reste ouvert ;
          réessayez dans un instant.
        </p>
        <PlainButton onClick={() => window.location.reload()} autoFocus>
          Réessayer
        </PlainButton>
      </div>
    );
  }
}

/**
 * Around a page whose code is fetched on first visit (the shell's own lazy chunks, a remote's loader): when that
 * fetch fails — the server down or the network cut — the page says so in French with « Réessayer », instead of the
 * error unmounting the whole application. Leaving for another page clears it.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
