import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuEntry } from '@contract/io/session';
import { portalConfig } from '@client/config';
import { trackClick, useExposure } from '@client/shared/analytics';
import { useMessages } from '@client/shared/i18n';
import { leaveTo, openWindow } from '@client/shared/navigation';
import {
  applyHideMenu,
  ASSETS_MENU,
  CLUB_MENU,
  isComplaintEntry,
  isSeniorOnly,
  joinPath,
  NEW_CAR_CHILD,
} from '@client/state/menu';
import { isCorporate, isSenior } from '@client/state/session';
import { promoShown } from '@client/state/ui';
import { useMenuTitle } from '../menuMessages';
import { shellMessages } from '../messages';
import { paths } from '@client/shared/paths';
import type { AppDispatch, RootState } from '../store';
import { clubInvitationDue } from './promo';
import { useRefuseNonSenior } from './senior';
import './sidebar.css';

/** Where a click on a menu entry goes: corporate users get flag=legal and a timestamp t (docs/SPEC.md §2). */
export function menuTarget(path: string, corporate: boolean, now = Date.now()): string {
  return corporate ? `${path}?flag=legal&t=${now}` : path;
}

const groupKey = (parent: MenuEntry) => `group:${parent.name}`;

/** An entry of the menu: its address (the key) and its title. */
interface Entry {
  key: string;
  text: string;
  child: MenuEntry;
}
/** A top-level row: one visible child makes a plain entry, several make a group that opens. */
type Row = ({ kind: 'entry' } & Entry) | { kind: 'group'; key: string; name: string; title: string; entries: Entry[] };

/** Several visible children make a group, one makes a plain entry; hidden children are skipped. */
function menuRows(entries: MenuEntry[], title: (entry: MenuEntry) => string): Row[] {
  return entries.flatMap((parent): Row[] => {
    const children = parent.children.filter((c) => !c.hidden);
    if (children.length === 0) return [];
    if (children.length === 1) {
      const child = children[0];
      const key = joinPath(parent.path, child.path);
      return [{ kind: 'entry', key, text: child.meta.title ? title(child) : title(parent), child }];
    }
    return [
      {
        kind: 'group',
        key: groupKey(parent),
        name: parent.name,
        title: title(parent),
        entries: children.map((child) => ({ key: joinPath(parent.path, child.path), text: title(child), child })),
      },
    ];
  });
}

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
    <span ref={ref} className="mc-nav-label" data-target={target} data-unread={unread}>
      <span className="mc-nav-text">{text}</span>
      {unread === 'red' && (
        <span className="mc-nav-dot" data-testid="unread-dot" role="img" aria-label={m.unread} title={m.unread} />
      )}
    </span>
  );
}

const activates = (e: KeyboardEvent) => e.key === 'Enter' || e.key === ' ';

/**
 * Arrow keys move between the menu's visible entries (Tab reaches each of them too); right opens a
 * closed group, left closes an open one or goes from an entry up to its group's title.
 */
function onArrows(e: KeyboardEvent<HTMLUListElement>) {
  const target = e.target as HTMLElement;
  if (target.getAttribute('role') !== 'menuitem') return;
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[role=menuitem]')];
  const at = all.indexOf(target);
  let next: HTMLElement | undefined;
  if (e.key === 'ArrowDown') next = all[(at + 1) % all.length];
  else if (e.key === 'ArrowUp') next = all[(at - 1 + all.length) % all.length];
  else if (e.key === 'Home') next = all[0];
  else if (e.key === 'End') next = all[all.length - 1];
  else if (e.key === 'ArrowRight' && target.getAttribute('aria-expanded') === 'false') target.click();
  else if (e.key === 'ArrowLeft') {
    if (target.getAttribute('aria-expanded') === 'true') target.click();
    else next = target.closest('.mc-nav-group')?.querySelector<HTMLElement>('.mc-nav-group-title') ?? undefined;
  } else return;
  e.preventDefault();
  next?.focus();
}

/**
 * The left menu, in the sider and in the phones' drawer: a light inline menu drawn by the portal itself
 * (no antd in the first load), with antd's sizes and colours (sidebar.css). ARIA menu roles: the groups'
 * titles are menu items with aria-expanded; Enter and Space open a group or follow an entry.
 */
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
  const id = useId();
  const corporate = isCorporate(info);
  const senior = isSenior(info);
  const visible = useMemo(() => applyHideMenu(entries ?? [], hideMenu), [entries, hideMenu]);
  const rows = useMemo(() => menuRows(visible, menuTitle), [visible, menuTitle]);
  const current = location.pathname.replace(/\/+$/, '') || '/';
  const owner = rows.find((r) => r.kind === 'group' && r.entries.some((e) => e.key === current));
  const ownerKey = owner ? owner.key : null;
  const [openKey, setOpenKey] = useState<string | null>(ownerKey);
  // The current route's group opens when the route moves to another group (one open at a time).
  const [openedFor, setOpenedFor] = useState(ownerKey);
  // A group unfolds (sidebar.css) when the user opens it; the current route's group shows open at once
  // (when the menu first shows, and when it arrives after the page: no motion to wait for or catch).
  const [unfolding, setUnfolding] = useState<string | null>(null);
  if (ownerKey !== openedFor) {
    setOpenedFor(ownerKey);
    if (ownerKey) {
      setOpenKey(ownerKey);
      setUnfolding(null);
    }
  }

  const toggle = (group: Extract<Row, { kind: 'group' }>) => {
    // The club's title invites a member not in the club yet, once a session; the assets group is closed
    // to non-senior members.
    if (group.name === CLUB_MENU && clubInvitationDue(senior)) dispatch(promoShown(true));
    const opening = openKey !== group.key;
    if (opening && group.name === ASSETS_MENU && !senior) {
      refuse('assets');
      return;
    }
    setOpenKey(opening ? group.key : null);
    if (opening) setUnfolding(group.key);
  };

  const follow = (key: string) => {
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

  const entry = (e: Entry, level: 1 | 2) => {
    const selected = e.key === current;
    return (
      <li
        key={e.key}
        role="menuitem"
        tabIndex={0}
        className={selected ? 'mc-nav-item mc-nav-item-selected' : 'mc-nav-item'}
        aria-current={selected ? 'page' : undefined}
        data-key={e.key}
        data-level={level}
        onClick={() => follow(e.key)}
        onKeyDown={(ev) => {
          if (!activates(ev)) return;
          ev.preventDefault();
          follow(e.key);
        }}
      >
        <span className="mc-nav-title">
          <MenuLabel
            text={e.text}
            target={e.key}
            page={location.pathname}
            unread={corporate && isComplaintEntry(e.child.path) ? (userReadFlag === 2 ? 'red' : 'plain') : undefined}
          />
        </span>
      </li>
    );
  };

  return (
    <ul role="menu" aria-label={m.mainMenu} className="mc-nav" onKeyDown={onArrows}>
      {rows.map((row, i) => {
        if (row.kind === 'entry') return entry(row, 1);
        const open = openKey === row.key;
        const classes = ['mc-nav-group', open && 'mc-nav-group-open', owner === row && 'mc-nav-group-selected'];
        return (
          <li key={row.key} role="none" className={classes.filter(Boolean).join(' ')}>
            <div
              role="menuitem"
              tabIndex={0}
              id={`${id}-${i}`}
              className="mc-nav-group-title"
              aria-haspopup="menu"
              aria-expanded={open}
              aria-controls={open ? `${id}-${i}-list` : undefined}
              data-key={row.key}
              onClick={() => toggle(row)}
              onKeyDown={(ev) => {
                if (!activates(ev)) return;
                ev.preventDefault();
                toggle(row);
              }}
            >
              <span className="mc-nav-title">{row.title}</span>
              <i className="mc-nav-arrow" aria-hidden="true" />
            </div>
            {open && (
              <div className={unfolding === row.key ? 'mc-nav-sub mc-nav-sub-unfold' : 'mc-nav-sub'}>
                <ul role="menu" id={`${id}-${i}-list`} aria-labelledby={`${id}-${i}`}>
                  {row.entries.map((e) => entry(e, 2))}
                </ul>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
