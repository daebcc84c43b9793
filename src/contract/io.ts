/**
 * Request and response types of the calls, one interface per area merged here.
 * A call whose area has not declared its types yet falls back to an open record.
 */
import type { CallName } from './calls';
import type { SessionIO } from './io/session';
import type { PersonalIO } from './io/personal';

export interface CallIO extends SessionIO, PersonalIO {}

type Known = keyof CallIO;
export type Req<N extends CallName> = N extends Known ? CallIO[N]['req'] : Record<string, unknown>;
export type Res<N extends CallName> = N extends Known ? CallIO[N]['res'] : unknown;
