// The back office reached the workbench's path (signing in returns to it): a full load, so that the entry
// starts the workbench alone instead of the app's router.
import { useEffect } from 'react';

export default function WorkbenchReload() {
  useEffect(() => window.location.reload(), []);
  return null;
}
