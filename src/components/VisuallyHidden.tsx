// Text for assistive technology only: read out (a dialog's name, say) but not shown.
import type { ReactNode } from 'react';

const HIDDEN_STYLE = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={HIDDEN_STYLE}>{children}</span>;
}
