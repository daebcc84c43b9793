/**
 * The real actors of the correction flows: each dispatches one RTK Query endpoint and aborts it when
 * the machine leaves the state. The flow picks the variant's call from the policy's roster.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { fromPromise } from 'xstate';
import type { GatewayDispatch } from '../../api/dispatch';
import type { PolicySummary, UnderwritingResult } from '../../../contract/io/correction';
import { correctionApi } from './api';
import type { ActorInputs, EditOutcome, Flow, FlowActors, PayCheck } from './correctionFlow';

type Dispatch = GatewayDispatch;
interface Running<T> {
  unwrap(): Promise<T>;
  abort(): void;
}

function run<T>(dispatch: Dispatch, action: unknown, signal: AbortSignal): Promise<T> {
  const call = dispatch(action as UnknownAction) as unknown as Running<T>;
  signal.addEventListener('abort', () => call.abort(), { once: true });
  return call.unwrap();
}

const isNew = (p: PolicySummary | null) => p?.variant === 'employeeNew';

/** A real actor of the flow: its input as the machine gives it, its output as the endpoint answers it. */
function act<K extends keyof ActorInputs>(
  _name: K,
  fn: (input: ActorInputs[K], signal: AbortSignal) => Promise<unknown>,
): FlowActors[K] {
  return fromPromise<unknown, ActorInputs[K]>(({ input, signal }) => fn(input, signal)) as unknown as FlowActors[K];
}

export function createFlowActors(dispatch: Dispatch, flow: Flow): Partial<FlowActors> {
  const e = correctionApi.endpoints;
  const insured = flow === 'insured';

  const edit = async (
    { policy, correctionId, effectiveDate, request, key }: ActorInputs['edit'],
    signal: AbortSignal,
  ): Promise<EditOutcome> => {
    const base = {
      policyId: policy.policyId,
      correctionId: correctionId ?? undefined,
      effectiveDate: effectiveDate ?? undefined,
      idempotencyKey: key,
    };
    const change = async (action: unknown) => {
      const r = await run<{ correction: EditOutcome['correction']; draft: { list: EditOutcome['items'] } }>(
        dispatch,
        action,
        signal,
      );
      return { correction: r.correction, items: r.draft.list, importResult: null };
    };
    const upload = async (action: unknown) => {
      const r = await run<NonNullable<EditOutcome['importResult']>>(dispatch, action, signal);
      if (!r.ok || !r.correction) return { correction: r.correction, items: [], importResult: r };
      // the import answers a summary; the draft's people are read back to show them
      const detail = await run<{ items: { list: EditOutcome['items'] } }>(
        dispatch,
        e.correctDetail.initiate(
          { correctionId: r.correction.correctionId, pageSize: 500 },
          { forceRefetch: true, subscribe: false },
        ),
        signal,
      );
      return { correction: r.correction, items: detail.items.list, importResult: r };
    };
    switch (request.op) {
      case 'addSingle':
        return change(
          (insured ? e.addSingleInsured : isNew(policy) ? e.addSingleEmployeeNew : e.addSingleEmployee).initiate({
            ...base,
            ...request.person,
          }),
        );
      case 'addBatch':
        return upload(
          (insured ? e.addBatchInsured : isNew(policy) ? e.addBatchEmployeeNew : e.addBatchEmployee).initiate({
            ...base,
            file: request.file,
          }),
        );
      case 'subtract':
        return change(
          (insured ? e.subtractInsured : e.subtractEmployee).initiate({ ...base, personIds: request.personIds }),
        );
      case 'subtractUpload':
        return upload(
          (insured ? e.subtractInsuredUpload : e.groupSubtractUpload).initiate({ ...base, file: request.file }),
        );
      case 'exchange':
        return change(
          (insured ? e.exchangeInsured : isNew(policy) ? e.exchangeEmployeeNew : e.exchangeEmployee).initiate({
            ...base,
            personId: request.personId,
            ...request.person,
          }),
        );
      case 'exchangeUpload':
        return upload(
          (insured ? e.exchangeInsuredUpload : e.groupExchangeUpload).initiate({ ...base, file: request.file }),
        );
      case 'modify':
        return change(e.modifyInsured.initiate({ ...base, personId: request.personId, changes: request.changes }));
      case 'removeItems':
        return change(e.removeCorrectItem.initiate({ correctionId: correctionId!, itemIds: request.itemIds }));
    }
  };

  return {
    checkBefore: act('checkBefore', (input, signal) =>
      insured
        ? run(
            dispatch,
            e.checkInsuredCorrect.initiate({
              policyId: input.policyId,
              kind: input.kind,
              effectiveDate: input.effectiveDate,
            }),
            signal,
          )
        : run(dispatch, e.checkBeforeCorrect.initiate(input), signal),
    ),
    loadCorrection: act('loadCorrection', (input, signal) =>
      run(
        dispatch,
        e.correctDetail.initiate(
          { correctionId: input.correctionId, pageSize: 500 },
          { forceRefetch: true, subscribe: false },
        ),
        signal,
      ),
    ),
    edit: act('edit', (input, signal) => edit(input, signal)),
    check: act('check', (input, signal) =>
      insured
        ? run(dispatch, e.checkInsuredCorrect.initiate({ correctionId: input.correctionId }), signal)
        : run(dispatch, e.checkGroupEmployeeCorrect.initiate({ correctionId: input.correctionId }), signal),
    ),
    underwrite: act('underwrite', (input, signal) =>
      run<UnderwritingResult>(
        dispatch,
        e.underwriting.initiate({ correctionId: input.correctionId, pageSize: 500 }),
        signal,
      ),
    ),
    scenarios: act('scenarios', (input, signal) =>
      run(dispatch, e.selectOrderScenario.initiate({ correctionId: input.correctionId }), signal),
    ),
    approve: act('approve', async (input, signal) => {
      if (input.scenario)
        await run(
          dispatch,
          e.selectOrderScenario.initiate({ correctionId: input.correctionId, scenario: input.scenario }),
          signal,
        );
      const args = { correctionId: input.correctionId, idempotencyKey: input.key };
      const endpoint = insured
        ? e.insuredApplyBusinessApprove
        : isNew(input.policy)
          ? e.groupApplyBusinessApprove
          : e.applyBusinessApprove;
      return run(dispatch, endpoint.initiate(args), signal);
    }),
    payLink: act('payLink', (input, signal) =>
      run(
        dispatch,
        (insured ? e.getInsuredPayLink : e.getPaymentLink).initiate({
          correctionId: input.correctionId,
          idempotencyKey: input.key,
        }),
        signal,
      ),
    ),
    payStatus: act('payStatus', async (input, signal) => {
      try {
        const r = await run<Omit<PayCheck, 'checkedAt'>>(
          dispatch,
          e.getPayStatus.initiate({ correctionId: input.correctionId }),
          signal,
        );
        return { ...r, checkedAt: Date.now() };
      } catch (error) {
        // the time limit counts failed checks too (a network that never comes back)
        throw { ...(error as object), checkedAt: Date.now() };
      }
    }),
    payType: act('payType', (input, signal) =>
      run(
        dispatch,
        (insured ? e.updateInsuredPayType : e.updatePayType).initiate({
          correctionId: input.correctionId,
          payType: input.payType,
        }),
        signal,
      ),
    ),
    remove: act('remove', (input, signal) =>
      run(
        dispatch,
        (input.flow === 'insured' ? e.delInsuredCorrectRecord : e.delCorrectRecord).initiate({
          correctionId: input.correctionId,
        }),
        signal,
      ),
    ),
  };
}
