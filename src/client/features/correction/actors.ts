/**
 * The real actors of the correction flow: each runs the variant's endpoint (fromCall: dispatched
 * through the store, aborted when the machine leaves the state). The variant comes from the policy:
 * `employee` -> employee/..., `employeeNew` -> the ...New calls and groupApplyBusinessApprove,
 * `insured` -> correctInsured/....
 */
import { fromPromise } from 'xstate';
import { fromCall, runCall } from '@client/api/callActor';
import type { GatewayDispatch } from '@client/api/dispatch';
import type {
  CheckBeforeResult,
  ImportResult,
  ItemChange,
  PolicySummary,
  UnderwritingResult,
} from '@contract/io/correction';
import { correctionApi } from './api';
import { paymentMachine } from '@client/shared/payment/payment.machine';
import {
  paymentAnswer,
  statusAnswer,
  type ActorInputs,
  type EditOutcome,
  type Flow,
  type FlowActors,
} from './correction.machine';

const isNew = (p: PolicySummary | null) => p?.variant === 'employeeNew';
/** A restore and an import's draft read at most this many lines (the draft table pages the rest). */
const LINES = 500;

export function createFlowActors(dispatch: GatewayDispatch, flow: Flow): FlowActors {
  const e = correctionApi.endpoints;
  const insured = flow === 'insured';
  const detail = (correctionId: number) =>
    e.correctDetail.initiate({ correctionId, pageSize: LINES }, { forceRefetch: true, subscribe: false });

  const edit = async (
    { policy, correctionId, effectiveDate, request }: ActorInputs['edit'],
    key: string,
    signal: AbortSignal,
  ): Promise<EditOutcome> => {
    const base = {
      policyId: policy.policyId,
      correctionId: correctionId ?? undefined,
      effectiveDate: effectiveDate ?? undefined,
      idempotencyKey: key,
    };
    const changed = (r: ItemChange): EditOutcome => ({
      correction: r.correction,
      draft: r.draft,
      added: r.added,
      importResult: null,
    });
    const imported = async (r: ImportResult): Promise<EditOutcome> => {
      if (!r.ok || !r.correction) return { correction: r.correction, draft: emptyDraft, added: [], importResult: r };
      // an import answers a summary: the draft's lines are read back to show them
      const d = await runCall(dispatch, detail(r.correction.correctionId), signal);
      return { correction: r.correction, draft: d.items, added: [], importResult: r };
    };
    const run = <T>(start: Parameters<typeof runCall<T>>[1]) => runCall(dispatch, start, signal);
    switch (request.op) {
      case 'addSingle': {
        const args = { ...base, ...request.person };
        return changed(
          await run(
            insured
              ? e.addSingleInsured.initiate(args)
              : isNew(policy)
                ? e.addSingleEmployeeNew.initiate(args)
                : e.addSingleEmployee.initiate(args),
          ),
        );
      }
      case 'addBatch': {
        const args = { ...base, file: request.file };
        return imported(
          await run(
            insured
              ? e.addBatchInsured.initiate(args)
              : isNew(policy)
                ? e.addBatchEmployeeNew.initiate(args)
                : e.addBatchEmployee.initiate(args),
          ),
        );
      }
      case 'subtract': {
        const args = { ...base, personIds: request.personIds };
        return changed(await run(insured ? e.subtractInsured.initiate(args) : e.subtractEmployee.initiate(args)));
      }
      case 'subtractUpload': {
        const args = { ...base, file: request.file };
        return imported(
          await run(insured ? e.subtractInsuredUpload.initiate(args) : e.groupSubtractUpload.initiate(args)),
        );
      }
      case 'exchange': {
        const args = { ...base, personId: request.personId, ...request.person };
        return changed(
          await run(
            insured
              ? e.exchangeInsured.initiate(args)
              : isNew(policy)
                ? e.exchangeEmployeeNew.initiate(args)
                : e.exchangeEmployee.initiate(args),
          ),
        );
      }
      case 'exchangeUpload': {
        const args = { ...base, file: request.file };
        return imported(
          await run(insured ? e.exchangeInsuredUpload.initiate(args) : e.groupExchangeUpload.initiate(args)),
        );
      }
      case 'modify':
        return changed(
          await run(e.modifyInsured.initiate({ ...base, personId: request.personId, changes: request.changes })),
        );
      case 'removeItems':
        return changed(
          await run(e.removeCorrectItem.initiate({ correctionId: correctionId!, itemIds: request.itemIds })),
        );
    }
  };

  return {
    checkBefore: fromPromise(async ({ input, signal }) => {
      if (!insured) return runCall(dispatch, e.checkBeforeCorrect.initiate(input), signal);
      const r = await runCall(dispatch, e.checkInsuredCorrect.initiate(input), signal);
      if (!isCheckBefore(r)) throw { kind: 'parse' };
      return r;
    }),
    loadCorrection: fromCall(dispatch, (input: ActorInputs['loadCorrection']) => detail(input.correctionId)),
    edit: fromPromise(({ input, signal }) => edit(input, input.key, signal)),
    check: fromPromise(async ({ input, signal }) => {
      if (!insured)
        return runCall(dispatch, e.checkGroupEmployeeCorrect.initiate({ correctionId: input.correctionId }), signal);
      const r = await runCall(
        dispatch,
        e.checkInsuredCorrect.initiate({ correctionId: input.correctionId, pageSize: LINES }),
        signal,
      );
      if (isCheckBefore(r)) throw { kind: 'parse' };
      return r;
    }),
    underwrite: fromCall(dispatch, (input: ActorInputs['underwrite']) =>
      e.underwriting.initiate({ correctionId: input.correctionId, pageSize: LINES }),
    ),
    scenarios: fromCall(dispatch, (input: ActorInputs['scenarios']) =>
      e.selectOrderScenario.initiate({ correctionId: input.correctionId }),
    ),
    approve: fromPromise(async ({ input, signal }) => {
      if (input.scenario)
        await runCall(
          dispatch,
          e.selectOrderScenario.initiate({ correctionId: input.correctionId, scenario: input.scenario }),
          signal,
        );
      const args = { correctionId: input.correctionId, idempotencyKey: input.key };
      return runCall(
        dispatch,
        insured
          ? e.insuredApplyBusinessApprove.initiate(args)
          : isNew(input.policy)
            ? e.groupApplyBusinessApprove.initiate(args)
            : e.applyBusinessApprove.initiate(args),
        signal,
      );
    }),
    payStatus: fromCall(dispatch, (input: ActorInputs['payStatus']) =>
      e.getPayStatus.initiate({ correctionId: input.correctionId }),
    ),
    // the payment of the correction's premium: the shared payment machine on the variant's calls
    payment: paymentMachine.provide({
      actors: {
        link: fromPromise(async ({ input, signal }) => {
          const args = { correctionId: Number(input.subject), idempotencyKey: input.key };
          const r = await runCall(
            dispatch,
            insured ? e.getInsuredPayLink.initiate(args) : e.getPaymentLink.initiate(args),
            signal,
          );
          return paymentAnswer(r);
        }),
        status: fromPromise(async ({ input, signal }) =>
          statusAnswer(
            await runCall(dispatch, e.getPayStatus.initiate({ correctionId: Number(input.subject) }), signal),
          ),
        ),
        switchOnline: fromPromise(async ({ input, signal }) => {
          const args = { correctionId: Number(input.subject), payType: 'online' as const };
          const r = await runCall(
            dispatch,
            insured ? e.updateInsuredPayType.initiate(args) : e.updatePayType.initiate(args),
            signal,
          );
          if (!r.payment) throw { kind: 'parse' };
          return paymentAnswer(r.payment);
        }),
      },
    }),
    remove: fromCall(dispatch, (input: ActorInputs['remove']) =>
      input.flow === 'insured'
        ? e.delInsuredCorrectRecord.initiate({ correctionId: input.correctionId })
        : e.delCorrectRecord.initiate({ correctionId: input.correctionId }),
    ),
  };
}

const emptyDraft = { list: [], total: 0, pageNum: 1, pageSize: LINES };

/** checkInsuredCorrect answers the check before a correction, or (given one) its checks and premium. */
const isCheckBefore = (r: CheckBeforeResult | UnderwritingResult): r is CheckBeforeResult =>
  'earliestEffectiveDate' in r;
