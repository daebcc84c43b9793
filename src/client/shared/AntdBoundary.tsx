import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** The scope's chunk (antd's core and configuration): the build preloads it with every page. */
export const loadAntdScope = () => import(/* webpackChunkName: "antd-scope" */ './AntdScope');

const Scope = lazy(loadAntdScope);

/** Renders its children inside antd's scope once the scope's chunk is there; `fallback` until then. */
export function AntdBoundary({
  children,
  fallback = null,
  notifier = false,
}: {
  children?: ReactNode;
  fallback?: ReactNode;
  notifier?: boolean;
}) {
  return (
    <Suspense fallback={fallback}>
      <Scope notifier={notifier}>{children}</Scope>
    </Suspense>
  );
}

/**
 * A component of antd (or one built on it) loaded when it first renders, inside antd's scope: what the
 * frame shows after the first paint (the language select, the session dialogs, status notices).
 */
export function lazyInAntd<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => {
    const [{ default: AntdScope }, Component] = await Promise.all([loadAntdScope(), load()]);
    return {
      default: (props: P) => (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      ),
    };
  });
}
