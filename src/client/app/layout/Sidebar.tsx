import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuEntry } from '../../../contract/io/session';
import { portalConfig } from '../../config';
import { trackClick, useExposure } from '../../shared/analytics';
import { useMessages } from '../../shared/i18n';
import { leaveTo, openWindow } from '../../shared/navigation';
import {
  applyHideMenu,
  ASSETS_MENU,
  CLUB_MENU,
  isComplaintEntry,
  isSeniorOnly,
  joinPath,
  NEW_CAR_CHILD,
} from '../../state/menu';
import { isCorporate, isSenior } from '../../state/session';
import { promoShown } from '../../state/ui';
import { useMenuTitle } from '../menuMessages';
import { shellMessages } from '../messages';
import { paths } from '../../shared/paths';
import type { AppDispatch, RootState } from '../store';
import { useRefuseNonSenior } from './senior';

type Item = Required<MenuProps>['items'][number];

/** Where a click on a menu entry goes: corporate users get flag=legal and a timestamp t (docs/SPEC.md §2). */
export function menuTarget(path: string, corporate: boolean, now = Date.now()): string {
  return corporate ? `${path}?flag=legal&t=${now}` : path;
}

const groupKey = (parent: MenuEntry) => `group:${parent.name}`;

/** A menu label that reports its exposure (60 % visible) once. */
function MenuLabel({
  text,
  target,
  page,
  unread,
}: {
  text: string;
  target: string;
  page: string;
  unread?: 'red' | 'plain';
}) {
  const ref = useExposure<HTMLSpanElement>(target, page);
  const m = useMessages(shellMessages);
  return (
    <span ref={ref} className="mc-menu-label" data-target={target} data-unread={unread}>
      <span className="mc-menu-text">{text}</span>
      {unread === 'red' && (
        <Badge
          status="error"
          className="mc-unread-dot"
          data-testid="unread-dot"
          aria-label={m.unread}
          title={m.unread}
        />
      )}
    </span>
  );
}

/** Builds antd menu items: several visible children make a submenu, one makes a plain link; hidden children are skipped. */
function menuItems(
  entries: MenuEntry[],
  title: (entry: MenuEntry) => string,
  label: (text: string, key: string, child: MenuEntry) => React.ReactNode,
): Item[] {
  return entries
    .map((parent): Item | null => {
      const children = parent.children.filter((c) => !c.hidden);
      if (children.length === 0) return null;
      if (children.length === 1) {
        const child = children[0];
        const key = joinPath(parent.path, child.path);
        return { key, label: label(child.meta.title ? title(child) : title(parent), key, child) };
      }
      return {
        key: groupKey(parent),
        label: title(parent),
        children: children.map((child) => {
          const key = joinPath(parent.path, child.path);
          return { key, label: label(title(child), key, child) };
        }),
      };
    })
    .filter((item): item is Item => item !== null);
}

export function Sidebar() {
  const entries = useSelector((s: RootState) => s.menu.entries);
  const hideMenu = useSelector((s: RootState) => s.menu.hideMenu);
  const info = useSelector((s: RootState) => s.session.info);
  const userReadFlag = useSelector((s: RootState) => s.unread.userReadFlag);
  const dispatch = useDispatch<AppDispatch>();
  const refuse = useRefuseNonSenior();
  const m = useMessages(shellMessages);
  const menuTitle = useMenuTitle();
  const location = useLocation();
  const navigate = useNavigate();
  const corporate = isCorporate(info);
  const senior = isSenior(info);
  const visible = useMemo(() => applyHideMenu(entries ?? [], hideMenu), [entries, hideMenu]);
  const current = location.pathname.replace(/\/+$/, '') || '/';
  const owner = visible.find((p) => p.children.some((c) => !c.hidden && joinPath(p.path, c.path) === current));
  const ownerKey = owner ? groupKey(owner) : null;
  const [openKeys, setOpenKeys] = useState<string[]>(ownerKey ? [ownerKey] : []);
  // The current route's submenu opens when the route moves to another submenu (one open at a time).
  const [openedFor, setOpenedFor] = useState(ownerKey);
  if (ownerKey !== openedFor) {
    setOpenedFor(ownerKey);
    if (ownerKey) setOpenKeys([ownerKey]);
  }

  const items = useMemo(
    () =>
      menuItems(visible, menuTitle, (text, key, child) => (
        <MenuLabel
          text={text}
          target={key}
          page={location.pathname}
          unread={corporate && isComplaintEntry(child.path) ? (userReadFlag === 2 ? 'red' : 'plain') : undefined}
        />
      )).map((item) => {
        // The club parent opens the promotional overlay; the assets submenu is closed to non-senior members.
        if (item && 'children' in item && item.key === `group:${CLUB_MENU}`) {
          return { ...item, onTitleClick: () => dispatch(promoShown(true)) };
        }
        return item;
      }),
    [visible, menuTitle, corporate, userReadFlag, location.pathname, dispatch],
  );

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    if (opened === `group:${ASSETS_MENU}` && !senior) {
      refuse('assets');
      return;
    }
    setOpenKeys(opened ? [opened] : keys.slice(-1));
  };

  const onClick = ({ key }: { key: string }) => {
    trackClick(location.pathname, key);
    const child = key.split('/').pop() ?? '';
    if (child === NEW_CAR_CHILD) {
      leaveTo(portalConfig().links.newCarValueAdded);
      return;
    }
    if (key === paths.legalHelpCenter.path) {
      openWindow(portalConfig().links.legalHelpCenter);
      return;
    }
    if (!senior && (isSeniorOnly(key) || key.startsWith(`/${ASSETS_MENU}/`))) {
      refuse(key.startsWith(`/${ASSETS_MENU}/`) && !isSeniorOnly(key) ? 'assets' : 'club');
      return;
    }
    navigate(menuTarget(key, corporate));
  };

  return (
    <Menu
      mode="inline"
      // 16 px per level (antd's 24 leaves the longest English title, with its unread dot, no room).
      inlineIndent={16}
      items={items}
      selectedKeys={[current]}
      openKeys={openKeys}
      onOpenChange={onOpenChange}
      onClick={onClick}
      aria-label={m.mainMenu}
      className="mc-sidebar-menu"
    />
  );
}
