import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { GatewayDispatch } from './dispatch';

/** What dispatching an endpoint's `initiate(...)` gives back (queries and mutations alike). */
interface Started<T> {
  unwrap(): Promise<T>;
  abort(): void;
  unsubscribe?(): void;
}
type Start<T> = ThunkAction<Started<T>, unknown, unknown, UnknownAction>;

/**
 * Runs an endpoint the way a machine's step needs it: dispatched through the store (so its cache,
 * tags and the request policy apply), its answer or its GatewayError as the promise's outcome, and
 * aborted when the machine leaves the state (XState's signal). Queries are read fresh and not kept
 * subscribed.
 */
export function runCall<T>(dispatch: GatewayDispatch, start: Start<T>, signal: AbortSignal): Promise<T> {
  const running = dispatch(start);
  const abort = () => running.abort();
  signal.addEventListener('abort', abort, { once: true });
  return running.unwrap().finally(() => {
    signal.removeEventListener('abort', abort);
    running.unsubscribe?.();
  });
}

/**
 * One actor per gateway call: `fromCall(dispatch, (input) => api.endpoints.x.initiate(args(input)))`.
 * The actor's input and output are the step's; the call's request is typed by its name.
 */
export function fromCall<I, T>(dispatch: GatewayDispatch, start: (input: I) => Start<T>): PromiseActorLogic<T, I> {
  return fromPromise<T, I>(({ input, signal }) => runCall(dispatch, start(input), signal));
}
