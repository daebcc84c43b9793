/** Joins a parent path and a child path: '/' + 'index' -> '/index', '/myclub' + 'myScore' -> '/myclub/myScore'. */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`.replace(/\/{2,}/g, '/');
}
