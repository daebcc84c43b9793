/**
 * Request and answer types of the calls: the static types of the calls' request schemas
 * (src/contract/requests.ts) and answer schemas (src/contract/answers.ts). A call the contract does
 * not type does not compile.
 */
import type { Static } from 'typebox';
import type { CallName } from './calls';
import type { answerSchemas } from './answers';
import type { requestSchemas } from './requests';

export type Req<N extends CallName> = Static<(typeof requestSchemas)[N]>;
export type Res<N extends CallName> = Static<(typeof answerSchemas)[N]>;
