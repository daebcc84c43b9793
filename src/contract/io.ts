/**
 * Request and response types of the calls, one interface per area merged here.
 * A call whose area has not declared its types yet falls back to an open record.
 */
import type { CallName } from './calls';
import type { SessionIO } from './io/session';
import type { PolicyIO } from './io/policy';
import type { PersonalIO } from './io/personal';
import type { CorrectionIO } from './io/correction';
import type { AccountIO } from './io/account';
import type { InvoiceIO } from './io/invoice';
import type { OpinionIO } from './io/opinion';

interface CallIO extends SessionIO, PolicyIO, CorrectionIO, InvoiceIO, OpinionIO, AccountIO, PersonalIO {}

type Known = keyof CallIO;
export type Req<N extends CallName> = N extends Known ? CallIO[N]['req'] : Record<string, unknown>;
export type Res<N extends CallName> = N extends Known ? CallIO[N]['res'] : unknown;
