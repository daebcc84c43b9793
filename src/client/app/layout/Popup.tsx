import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Link } from 'react-router-dom';

/**
 * The frame's small pop-ups, in place of antd's Dropdown and Popover (whose code the first load would
 * otherwise carry): a trigger and a panel positioned under it or beside it, opened by a click (and,
 * where antd's were, by hovering), closed by a click outside, Escape, or choosing an entry. The panel
 * is rendered next to its trigger only while it is open.
 */

/** antd's delays: a pointer passing over a trigger opens nothing; one leaving for the panel keeps it open. */
const ENTER_DELAY_MS = { menu: 150, popover: 100 };
const LEAVE_DELAY_MS = 100;

function usePopup(kind: 'menu' | 'popover', hover: boolean) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = useCallback((next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), ms);
  }, []);
  const now = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    setOpen(next);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) now(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const hadFocus = root.current?.contains(document.activeElement) ?? false;
      now(false);
      if (hadFocus) trigger.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside, { passive: true });
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, now]);
  const rootProps = {
    ref: root,
    onMouseEnter: hover ? () => later(true, open ? 0 : ENTER_DELAY_MS[kind]) : undefined,
    onMouseLeave: hover ? () => later(false, LEAVE_DELAY_MS) : undefined,
    // Focus leaving the trigger and its panel (Tab past the last entry) closes it.
    onBlur: (e: ReactFocusEvent) => {
      if (e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) now(false);
    },
  };
  return { open, now, root, trigger, rootProps };
}

/** The trigger: a button with this class, content and test id. */
export interface TriggerSpec {
  className: string;
  content: ReactNode;
  testId?: string;
}

export interface MenuEntry {
  key: string;
  label: ReactNode;
  /** A page of the portal (the router's Link) or an address elsewhere. */
  to?: string;
  href?: string;
}

/**
 * A menu button: the trigger (a button) opens a menu of links (role=menu, menuitem).
 * Keyboard: Enter, Space or the down arrow open it on its first entry (the up arrow on its last), the
 * arrows move between entries, Home and End go to the ends, Escape closes it back on the trigger, Tab
 * leaves it.
 */
export function PopupMenu({
  entries,
  trigger: spec,
  placement = 'bottomLeft',
  hover = false,
  className,
}: {
  entries: MenuEntry[];
  trigger: TriggerSpec;
  placement?: 'bottomLeft' | 'bottomRight';
  hover?: boolean;
  className?: string;
}) {
  const { open, now, root, trigger, rootProps } = usePopup('menu', hover);
  const id = useId();
  const menuId = `${id}-menu`;
  const triggerId = `${id}-trigger`;
  // Where focus goes once the menu has opened from the keyboard.
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const list = items();
    (focusOnOpen.current === 'first' ? list[0] : list[list.length - 1])?.focus();
    focusOnOpen.current = null;
  });
  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    now(true);
  };
  const onClick = (e: ReactMouseEvent) => {
    e.preventDefault();
    if (open) now(false);
    // A click from the keyboard (Enter, Space) has no pointer position: it opens on the first entry.
    else if (e.detail === 0) openAt('first');
    else now(true);
  };
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (e: ReactKeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(-1);
    else if (e.key === 'Tab') now(false);
  };
  return (
    <span {...rootProps} className={className ? `mc-popup-anchor ${className}` : 'mc-popup-anchor'}>
      <button
        type="button"
        ref={trigger as Ref<HTMLButtonElement>}
        id={triggerId}
        className={spec.className}
        data-testid={spec.testId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {spec.content}
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          className={`mc-popup mc-popup-menu mc-popup-${placement}`}
          onKeyDown={onMenuKey}
        >
          {entries.map((entry) => (
            <li key={entry.key} role="none">
              {entry.to !== undefined ? (
                <Link role="menuitem" tabIndex={-1} to={entry.to} onClick={() => now(false)}>
                  {entry.label}
                </Link>
              ) : (
                <a role="menuitem" tabIndex={-1} href={entry.href} onClick={() => now(false)}>
                  {entry.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}

/**
 * A popover beside its trigger (antd's Popover, placement left): opened by hovering or a click,
 * closed by leaving it, a click outside or Escape. For content to look at (a QR code), not to use.
 */
export function Popover({
  content,
  trigger: spec,
  className,
}: {
  content: ReactNode;
  trigger: TriggerSpec;
  className?: string;
}) {
  const { open, now, trigger, rootProps } = usePopup('popover', true);
  const id = useId();
  const panelId = `${id}-popover`;
  return (
    <span {...rootProps} className={className ? `mc-popup-anchor ${className}` : 'mc-popup-anchor'}>
      <button
        type="button"
        ref={trigger as Ref<HTMLButtonElement>}
        className={spec.className}
        data-testid={spec.testId}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => now(!open)}
      >
        {spec.content}
      </button>
      {open && (
        <div id={panelId} className="mc-popup mc-popover mc-popover-left">
          {content}
        </div>
      )}
    </span>
  );
}
