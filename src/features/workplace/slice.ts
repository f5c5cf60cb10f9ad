// What the home page shows about the signed-in user beyond the session: the current department
// and the roles. Fetched each time the page opens; not persisted.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, tokenInvalidated } from '../session/slice';

export interface WorkplaceProfile {
  /** The name of the current department; null when the user belongs to none. */
  departName: string | null;
  roleNames: string[];
}

export interface WorkplaceState {
  profile: WorkplaceProfile | null;
  loading: boolean;
}

const initialState: WorkplaceState = { profile: null, loading: false };

const workplaceSlice = createSlice({
  name: 'workplace',
  initialState,
  reducers: {
    workplaceOpened(state) {
      state.loading = true;
    },
    profileLoaded(state, action: PayloadAction<WorkplaceProfile>) {
      state.profile = action.payload;
      state.loading = false;
    },
    /** The failure has been shown by the HTTP layer; the page keeps what it had. */
    profileLoadFailed(state) {
      state.loading = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState).addCase(tokenInvalidated, () => initialState);
  },
});

export const { workplaceOpened, profileLoaded, profileLoadFailed } = workplaceSlice.actions;
export const workplaceReducer = workplaceSlice.reducer;
