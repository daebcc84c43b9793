import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuEntry } from '../../../contract/io/session';
import { applyHideMenu, joinPath } from '../../state/menu';
import { isCorporate } from '../../state/session';
import type { RootState } from '../store';

type Item = Required<MenuProps>['items'][number];

/** Where a click on a menu entry goes: corporate users get flag=legal and a timestamp t (SPEC.md §2). */
export function menuTarget(path: string, corporate: boolean, now = Date.now()): string {
  return corporate ? `${path}?flag=legal&t=${now}` : path;
}

/** Builds antd menu items: several visible children make a submenu, one makes a plain link. */
export function menuItems(entries: MenuEntry[]): Item[] {
  return entries
    .map((parent): Item | null => {
      const children = parent.children.filter((c) => !c.hidden);
      if (children.length === 0) return null;
      if (children.length === 1) {
        const child = children[0];
        return { key: joinPath(parent.path, child.path), label: child.meta.title || parent.meta.title };
      }
      return {
        key: `group:${parent.name}`,
        label: parent.meta.title,
        children: children.map((child) => ({ key: joinPath(parent.path, child.path), label: child.meta.title })),
      };
    })
    .filter((item): item is Item => item !== null);
}

export function Sidebar() {
  const entries = useSelector((s: RootState) => s.menu.entries);
  const hideMenu = useSelector((s: RootState) => s.menu.hideMenu);
  const info = useSelector((s: RootState) => s.session.info);
  const location = useLocation();
  const navigate = useNavigate();
  const visible = useMemo(() => applyHideMenu(entries ?? [], hideMenu), [entries, hideMenu]);
  const items = useMemo(() => menuItems(visible), [visible]);
  const current = location.pathname.replace(/\/+$/, '') || '/';
  const owner = visible.find((p) => p.children.some((c) => joinPath(p.path, c.path) === current));
  const [openKeys, setOpenKeys] = useState<string[]>(owner ? [`group:${owner.name}`] : []);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[current]}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenKeys(keys.slice(-1))}
      onClick={({ key }) => navigate(menuTarget(String(key), isCorporate(info)))}
      aria-label="Main menu"
      className="mc-sidebar-menu"
    />
  );
}
