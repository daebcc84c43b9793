import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** userReadFlag 2 = unread replies exist (the complaint menu item turns red). */
export const unreadSlice = createSlice({
  name: 'unread',
  initialState: { userReadFlag: 1 },
  reducers: {
    unreadChecked(state, action: PayloadAction<number>) {
      state.userReadFlag = action.payload;
    },
  },
});

export const { unreadChecked } = unreadSlice.actions;
