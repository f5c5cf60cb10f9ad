// A dialog or drawer whose code loads when it is first opened, not with the page around it (issue #23: the
// shell after login carries none of the user menu's dialogs nor the settings drawer's content). Once opened it
// stays mounted, so that it closes with its animation and opens again at once.
import { Suspense, useState, type ReactNode } from 'react';

export function OpenedLazily({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
