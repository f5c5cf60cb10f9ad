import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store';

export const selectMenu = (state: RootState) => state.permissions.menu;
export const selectPermissionsLoaded = (state: RootState) => state.permissions.menu !== null;
export const selectPermissionsLoading = (state: RootState) => state.permissions.loading;
export const selectLanding = (state: RootState) => state.permissions.landing;

/** The user's permission codes (their `auth` actions, comma-separated ones split): what route permissions are checked against. */
export const selectPermissionCodes = createSelector(
  [(state: RootState) => state.permissions.userButtonAuth],
  (auth): ReadonlySet<string> =>
    new Set(
      auth.flatMap(({ action }) =>
        (action ?? '')
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean),
      ),
    ),
);
