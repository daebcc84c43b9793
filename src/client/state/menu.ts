import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { joinPath } from '@common/menuPath';
import type { MenuEntry } from '@contract/io/session';

interface MenuState {
  /** The server's menu, fetched once per session (null until then). */
  entries: MenuEntry[] | null;
  hideMenu: number;
}

const initialState: MenuState = { entries: null, hideMenu: 2 };

export const menuSlice = createSlice({
  name: 'menu',
  initialState,
  reducers: {
    menuLoaded(state, action: PayloadAction<{ entries: MenuEntry[]; hideMenu: number }>) {
      state.entries = action.payload.entries;
      state.hideMenu = action.payload.hideMenu;
    },
    menuCleared(state) {
      state.entries = null;
      state.hideMenu = 2;
    },
  },
});

export const { menuLoaded, menuCleared } = menuSlice.actions;

/**
 * docs/SPEC.md §4: when hide_menu is 1, two entries are removed from the sixth top-level menu's
 * children, starting at the third.
 */
export function applyHideMenu(entries: MenuEntry[], hideMenu: number): MenuEntry[] {
  if (hideMenu !== 1 || entries.length < 6) return entries;
  return entries.map((entry, index) =>
    index === 5 ? { ...entry, children: entry.children.filter((_, i) => i < 2 || i > 3) } : entry,
  );
}

// The gateway joins menu paths the same way (it preloads the page of a path): one home in common/.
export { joinPath };

export interface MenuRoute {
  path: string;
  /** The entry's name (its title's key in the portal's menu catalogue). */
  name: string;
  component: string;
  title: string;
  leftMenu: boolean;
  parent: string;
}

/** Every page the menu makes reachable, hidden children included (they are routes, not links). */
export function menuRoutes(entries: MenuEntry[]): MenuRoute[] {
  return entries.flatMap((parent) =>
    parent.children.map((child) => ({
      path: joinPath(parent.path, child.path),
      name: child.name,
      component: child.component,
      title: child.meta.title,
      leftMenu: child.meta.leftMenu,
      parent: parent.name,
    })),
  );
}

/** docs/SPEC.md §5: the eleven club and asset routes a non-senior member (userAnk not 1) cannot open. */
export const SENIOR_ONLY_ROUTES = [
  'myScore',
  'integralOrder',
  'serviceCustom',
  'servicePackage',
  'collect',
  'activity',
  'transactionQuery',
  'assetsDetails',
  'bonusRecord',
  'riskEvaluating',
  'investmentManagement',
] as const;

/** The assets submenu (its parent entry's name), closed to non-senior members. */
export const ASSETS_MENU = 'assets';
/** The club parent: a click opens the promotional overlay. */
export const CLUB_MENU = 'myclub';
/** The child that leaves for the external new-car value-added page. */
export const NEW_CAR_CHILD = 'newcarno';

/** Whether a path (any depth) ends in one of the senior-only routes. */
export function isSeniorOnly(path: string): boolean {
  const last =
    path
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  return (SENIOR_ONLY_ROUTES as readonly string[]).includes(last);
}

/** Whether a child entry is the complaint entry that carries the unread indicator. */
export function isComplaintEntry(path: string): boolean {
  return /complaint/i.test(path);
}
