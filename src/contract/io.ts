/**
 * Request and response types of the calls. Requests are the static types of the calls' request
 * schemas (src/contract/requests.ts); responses are declared per area (src/contract/io/*.ts) and
 * merged here. A call the contract does not type does not compile.
 */
import type { Static } from '@sinclair/typebox';
import type { CallName } from './calls';
import type { SessionIO } from './io/session';
import type { PolicyIO } from './io/policy';
import type { PersonalIO } from './io/personal';
import type { CorrectionIO } from './io/correction';
import type { AccountIO } from './io/account';
import type { InvoiceIO } from './io/invoice';
import type { OpinionIO } from './io/opinion';
import type { requestSchemas } from './requests';

interface CallIO extends SessionIO, PolicyIO, CorrectionIO, InvoiceIO, OpinionIO, AccountIO, PersonalIO {}

type Known = keyof CallIO;
export type Req<N extends CallName> = Static<(typeof requestSchemas)[N]>;
export type Res<N extends CallName> = N extends Known ? CallIO[N]['res'] : never;
