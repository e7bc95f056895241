import { i18n } from '../i18n/i18n';
import type { ReactNode } from 'react';
import { Component } from 'react';

interface Props {
  children: ReactNode;
  /** A new key (e.g. the link state) clears the error and draws again. */
  resetKey: string;
  /** Offered as a button: back to a state that draws (the paper's parameters). */
  onReset?: () => void;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** A rendering failure shows its message and a way out instead of blanking the page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="banner error">
        {i18n.t('explorer:errorBoundary.failed', { error: this.state.error.message })}{' '}
        {this.props.onReset ? (
          <button type="button" onClick={this.props.onReset}>
            {i18n.t('explorer:errorBoundary.reset')}
          </button>
        ) : (
          i18n.t('explorer:errorBoundary.reload')
        )}
      </div>
    );
  }
}
