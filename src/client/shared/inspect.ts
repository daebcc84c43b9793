/**
 * The portal's state machines watched live in the Stately inspector while developing: with `npm run dev`,
 * open any page with `?inspect` in its address (e.g. /legal/employeeChanges?inspect); the inspector's
 * window opens and every machine started afterwards (the correction flow, the payment, the session's
 * dialogs, the account and questionnaire flows) shows its states and events there. A production build
 * has none of it: webpack's production mode makes the condition below false and leaves out the module.
 */
import type { InspectionEvent, Observer } from 'xstate';

let inspector: Observer<InspectionEvent> | undefined;

/** Starts the inspector when the page was opened with `?inspect` in a development build. */
export async function startInspector(): Promise<void> {
  // the whole block is dead code in a production build (webpack's constant folding drops it and the import)
  if (process.env.NODE_ENV === 'development') {
    if (!new URLSearchParams(window.location.search).has('inspect')) return;
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspector = createBrowserInspector().inspect;
  }
}

/** What a machine's actor is started with: the inspector when it runs, nothing otherwise. */
export const inspectOptions = (): { inspect?: Observer<InspectionEvent> } => (inspector ? { inspect: inspector } : {});
