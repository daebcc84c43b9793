import { Grid } from 'antd';
import { useState } from 'react';

export type Breakpoint = 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

/** antd's default breakpoints (the portal's theme keeps them). */
const MIN_WIDTH: Record<Breakpoint, number> = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 };

/**
 * Whether the window is at least as wide as one of antd's breakpoints (lg by default: from 992 px the
 * portal is used with a mouse and its sidebar beside the page), following it as it changes (antd's
 * Grid breakpoints). The first render already knows (antd's hook answers after it), so that a page
 * does not render its phone layout before its desktop one.
 */
export function useWide(from: Breakpoint = 'lg'): boolean {
  const screens = Grid.useBreakpoint();
  const [first] = useState(() => window.matchMedia(`(min-width: ${MIN_WIDTH[from]}px)`).matches);
  return screens[from] ?? first;
}
