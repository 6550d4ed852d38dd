import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FactBadge } from './FactBadge';
import { SHELL_LABELS } from '../ui/shellLabels';

/** Props of `SurfaceBoundary`. */
export interface SurfaceBoundaryProps {
  /** The surface's name, for the message and data attribute. */
  surface: string;
  /** What renders inside. */
  children?: ReactNode;
  /** Reports the error (e.g. to the store's diagnostics). */
  onError?: (error: Error, surface: string) => void;
  /** The text shown when the surface fails; `{error}` is replaced by the error's message. */
  message?: string;
}

/**
 * One per surface: a bad fact that breaks one panel shows a `failed` badge and the reason there,
 * while every other surface keeps working. Never a blank screen.
 */
export class SurfaceBoundary extends Component<SurfaceBoundaryProps, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo) {
    this.props.onError?.(error, this.props.surface);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const text = (this.props.message ?? SHELL_LABELS['boundary.failed']).replace('{error}', error.message);
    return (
      <div className="aui-surface-error" role="alert" data-surface={this.props.surface} data-fact="failed">
        <FactBadge fact="failed" reason={text} />
        <span>{text}</span>
      </div>
    );
  }
}
