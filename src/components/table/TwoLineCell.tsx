// A table cell of two lines: what the row is, and a grey detail under it (code, barcode, availability).
import type { ReactNode } from 'react';

export function TwoLineCell({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <span>
      {main}
      {sub != null && sub !== false && (
        <>
          <br />
          <small style={{ color: '#8c8c8c' }}>{sub}</small>
        </>
      )}
    </span>
  );
}
