import type { MessageInstance } from 'antd/es/message/interface';

/** Toasts last 2000 ms (docs/SPEC.md §9). */
const TOAST_SECONDS = 2;

export type Notifier = Pick<MessageInstance, 'error' | 'success' | 'info' | 'warning'>;

let api: Notifier | null = null;

/** The page's scope hands over antd's context-aware message API once it is mounted (see NotifierHost). */
export function setNotifier(instance: Notifier | null): Notifier | null {
  const previous = api;
  api = instance;
  return previous;
}

type Kind = 'error' | 'success' | 'info';

/**
 * Before the scope is there (a toast in the first moments, or from the frame outside a page), antd's
 * static message API, loaded for it: the first load carries no antd.
 */
function show(kind: Kind, text: string) {
  const args = { content: text, duration: TOAST_SECONDS };
  if (api) {
    void api[kind](args);
    return;
  }
  void import(/* webpackChunkName: "message" */ './staticMessage').then(({ message }) => {
    void (api ?? message)[kind](args);
  });
}

export const notify = {
  error: (text: string) => show('error', text),
  success: (text: string) => show('success', text),
  info: (text: string) => show('info', text),
};
