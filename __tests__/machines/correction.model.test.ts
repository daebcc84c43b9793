/**
 * Model test of the correction machine at the machine level: xstate/graph traverses it with every
 * answer of every call as the machine knows them (done with each output that leads somewhere else;
 * refused, timed out, no network, a broken answer), the payment child's three ends (paid, closed,
 * ended elsewhere) and every user event, the sender told apart (the scenario step waits for another);
 * every shortest path and one path per transition are driven through a live actor whose calls (the
 * payment child among them, stubbed) the path settles and whose poll timer it fires. After each step
 * the state, the context (the draft's lines and total, the premium, the approval, the payment, the
 * error's step and kind, the keys) and the call the state waits on, with its input, are checked. Every
 * declared state, transition and possible pair of consecutive transitions is taken or listed with the
 * reason it cannot be.
 */
import type { Page } from '@contract/envelope';
import type {
  ApprovalResult,
  CheckBeforeResult,
  CorrectionDetail,
  CorrectionItem,
  CorrectionSummary,
  ImportResult,
  PaymentInfo,
  PayStatusResult,
  PolicySummary,
  ScenarioResult,
  UnderwritingResult,
} from '@contract/io/correction';
import type { CorrectionState } from '@contract/states';
import type { PaymentOutput } from '@client/shared/payment/payment.machine';
import {
  correctionMachine,
  paymentAnswer,
  type EditOutcome,
  type FlowContext,
  type FlowInput,
} from '@client/features/correction/correction.machine';
import { printCoverage, runModel, type Calls } from './support/modelPaths';
import { listedRequirements } from './support/requirements';

const CORRECTION = 41;
const policy: PolicySummary = {
  policyId: 7,
  policyNo: 'GRP20260100000007',
  productName: '团体意外险',
  kind: 'group',
  variant: 'employee',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  state: 1,
  memberCount: 12,
  minMembers: 3,
  minAge: 16,
  maxAge: 65,
};
const summary = (state: CorrectionState, itemCount = 2, extra: Partial<CorrectionSummary> = {}): CorrectionSummary => ({
  correctionId: CORRECTION,
  correctionNo: 'PC20261129000041',
  policyId: policy.policyId,
  policyNo: policy.policyNo,
  productName: policy.productName,
  variant: 'employee',
  kind: 'add',
  state,
  stateText: state,
  effectiveDate: '2026-12-05',
  itemCount,
  premiumFen: 12000,
  refundFen: 0,
  netFen: ['draft', 'checked'].includes(state) ? null : 12000,
  scenario: null,
  payType: null,
  decision: null,
  reasons: [],
  reviewDueAt: null,
  createdAt: '2026-11-29T08:00:00Z',
  updatedAt: '2026-11-29T08:00:00Z',
  submittedAt: null,
  inForceAt: null,
  refundState: null,
  preparedById: 3,
  preparedBy: null,
  returned: null,
  actions: [],
  ...extra,
});
const item = (itemId: number, name: string): CorrectionItem => ({
  name,
  idType: 'residentId',
  idNumber: `11010519900101${String(itemId).padStart(4, '0')}`,
  sex: 'female',
  birthdate: '1990-01-01',
  phone: null,
  employeeNo: null,
  department: null,
  occupationCode: null,
  occupationName: null,
  riskCategory: 1,
  itemId,
  action: 'add',
  personId: null,
  age: 36,
  replaced: null,
  changes: [],
  premiumFen: 6000,
  refundFen: null,
  joinerPremiumFen: null,
  days: 27,
  refundWithheld: false,
  problems: [],
});
const page = (list: CorrectionItem[]): Page<CorrectionItem> => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 100,
});
const lines = page([item(1, '李娜'), item(2, '王芳')]);
const payment = (payStatus: PaymentInfo['payStatus']): PaymentInfo => ({
  paymentNo: 'PAY20261129000041',
  amountFen: 12000,
  payStatus,
  payType: 'online',
  payUrl: payStatus === 'unpaid' ? '/cashier/tok-41' : null,
  linkExpiresAt: null,
  paidAt: payStatus === 'paid' ? '2026-11-29T09:00:00Z' : null,
  transfer: null,
});

const refusal = (statusText: string, data: unknown = null) => ({
  kind: 'status',
  status: 'ERR_0003',
  statusText,
  data,
});
const timeout = { kind: 'timeout' };
const networkDown = { kind: 'network' };
const broken = { kind: 'parse' };
const personFields = { idNumber: ['The ID number does not match the birthdate.'] };
const personRefused = refusal('The ID number does not match the birthdate.', { fields: personFields });
const problems = [
  { itemId: 2, name: '王芳', idNumber: '110105199001010002', reasons: ['Older than the policy allows.'] },
];
const checkRefused = refusal('The draft has findings.', { ok: false, correction: summary('draft'), problems });
/** What each kind of failure reads as on the page. */
const failure = new Map<unknown, { kind: string; message: string; fields: unknown }>([
  [timeout, { kind: 'timeout', message: '', fields: null }],
  [networkDown, { kind: 'network', message: '', fields: null }],
  [broken, { kind: 'server', message: '', fields: null }],
  [personRefused, { kind: 'refused', message: personRefused.statusText, fields: personFields }],
  [checkRefused, { kind: 'refused', message: checkRefused.statusText, fields: null }],
]);
const refused = (text: string) => {
  const r = refusal(text);
  failure.set(r, { kind: 'refused', message: text, fields: null });
  return r;
};

const checkBefore = (open: boolean): CheckBeforeResult => ({
  policy,
  openCorrection: open ? summary('draft') : null,
  earliestEffectiveDate: '2026-12-01',
  latestEffectiveDate: '2026-12-31',
  riskCategories: [],
});
/** Where a restored correction's state leads. */
const restoredTo: Record<string, string> = {
  cancelled: 'cancelled',
  in_force: 'done',
  approved: 'open.approved',
  pending: 'open.pending.waiting',
  rejected: 'open.rejected',
  underwritten: 'open.preview',
  awaiting_payment: 'open.payment',
  draft: 'open.editing.idle',
};
const detail = (state: CorrectionState): CorrectionDetail => ({
  correction: summary(state, 2, {
    decision: ['approved', 'awaiting_payment', 'in_force'].includes(state)
      ? 'approved'
      : state === 'rejected' || state === 'pending'
        ? state
        : null,
    reasons: state === 'rejected' ? ['The new members exceed the risk limit.'] : [],
  }),
  policy,
  items: lines,
  payment: state === 'awaiting_payment' || state === 'approved' ? payment('unpaid') : null,
  refund: null,
  lastImport: null,
});
const edited = (itemCount: number): EditOutcome => ({
  correction: summary('draft', itemCount),
  draft: itemCount ? lines : page([]),
  added: itemCount ? [lines.list[1]] : [],
  importResult: null,
});
const importRefused: ImportResult = {
  importId: 5,
  fileName: 'members.xlsx',
  totalRows: 3,
  errorRows: 1,
  ok: false,
  errors: [{ row: 3, name: '王芳', idNumber: '110105199001010002', reasons: ['Older than the policy allows.'] }],
  correction: null,
};
const underwritten: UnderwritingResult = {
  correction: summary('underwritten'),
  items: lines,
  yearDays: 365,
  days: 27,
  rates: [],
};
const scenarios: ScenarioResult = {
  allowed: ['online', 'transfer'],
  selected: null,
  correction: summary('underwritten'),
};
const approval = (decision: ApprovalResult['decision'], paymentRequired: boolean): ApprovalResult => ({
  decision,
  reasons: decision === 'approved' ? [] : ['The new members exceed the risk limit.'],
  correction: summary(decision === 'approved' ? (paymentRequired ? 'approved' : 'in_force') : decision),
  paymentRequired,
});
const status = (state: CorrectionState): PayStatusResult => ({ payStatus: 'none', state, payment: null });
const paymentEnd = (end: PaymentOutput['status']): PaymentOutput => ({
  status: end,
  answer:
    end === 'changed' ? null : { status: end, payUrl: null, payment: payment(end === 'paid' ? 'paid' : 'closed') },
});

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });
const events = [
  done('checkBefore', checkBefore(false)),
  done('checkBefore', checkBefore(true)),
  error('checkBefore', refused('Only policies in force can be corrected.')),
  error('checkBefore', timeout),
  ...(Object.keys(restoredTo) as CorrectionState[]).map((s) => done('loadCorrection', detail(s))),
  error('loadCorrection', networkDown),
  done('edit', edited(2)),
  done('edit', edited(0)),
  done('edit', { correction: null, draft: page([]), added: [], importResult: importRefused } satisfies EditOutcome),
  error('edit', personRefused),
  error('edit', timeout),
  done('check', { ok: true, correction: summary('checked'), problems: [] }),
  done('check', underwritten),
  error('check', checkRefused),
  error('check', broken),
  done('underwrite', underwritten),
  error('underwrite', timeout),
  done('scenarios', scenarios),
  error('scenarios', networkDown),
  done('approve', approval('approved', true)),
  done('approve', approval('approved', false)),
  done('approve', approval('rejected', false)),
  done('approve', approval('pending', false)),
  error('approve', refused('The correction changed since it was priced.')),
  ...(['pending', 'approved', 'in_force', 'cancelled', 'rejected'] as const).map((s) =>
    done('pendingStatus', status(s)),
  ),
  error('pendingStatus', networkDown),
  ...(['paid', 'closed', 'changed'] as const).map((end) => done('payment', paymentEnd(end))),
  done('remove', summary('cancelled')),
  error('remove', refused('The correction was paid meanwhile.')),
  { type: 'START', policyId: policy.policyId, kind: 'add' },
  { type: 'START', policyId: policy.policyId, kind: 'add', effectiveDate: '2026-12-10' },
  { type: 'RESUME', correctionId: CORRECTION },
  { type: 'EDIT', request: { op: 'subtract', personIds: [3] } },
  { type: 'SET_DATE', effectiveDate: '2026-12-15' },
  { type: 'CHECK' },
  { type: 'CONFIRM' },
  { type: 'SUBMIT', scenario: 'transfer' },
  { type: 'PAY', cashierOpened: true },
  { type: 'REFRESH' },
  { type: 'RETRY' },
  { type: 'BACK' },
  { type: 'DISMISS' },
  { type: 'SAVE_LATER' },
  { type: 'CANCEL' },
  { type: 'SENDER', sender: 'me' },
  { type: 'SENDER', sender: 'secondPerson' },
];

/** The call each state waits on (its invoke id) and what it must be given, from the context. */
const calledBy: Record<string, [string, (c: FlowContext) => unknown]> = {
  'choosing.checking': [
    'checkBefore',
    (c) => ({ policyId: c.policyId, kind: c.kind, effectiveDate: c.effectiveDate ?? undefined }),
  ],
  'restoring.loading': ['loadCorrection', (c) => ({ correctionId: c.correctionId })],
  'open.editing.saving': [
    'edit',
    (c) => ({
      policy: c.policy,
      correctionId: c.correctionId,
      effectiveDate: c.effectiveDate,
      request: c.edit,
      key: c.edit?.key,
    }),
  ],
  'open.checking.running': ['check', (c) => ({ policy: c.policy, correctionId: c.correctionId })],
  'open.underwriting.running': ['underwrite', (c) => ({ correctionId: c.correctionId })],
  'open.scenario.loading': ['scenarios', (c) => ({ correctionId: c.correctionId })],
  'open.submitting.running': [
    'approve',
    (c) => ({ policy: c.policy, correctionId: c.correctionId, scenario: c.scenario, key: c.approveKey }),
  ],
  'open.pending.checking': ['pendingStatus', (c) => ({ correctionId: c.correctionId })],
  'open.payment': [
    'payment',
    (c) => ({
      subject: String(c.correctionId),
      cashierOpened: c.cashierOpened,
      answer: c.resumePayment && c.payment ? paymentAnswer(c.payment, c.correction?.state) : null,
      pollBaseMs: c.pollBaseMs,
      pollMaxMs: c.pollMaxMs,
      pollLimitMs: c.pollLimitMs,
      transferPollMs: c.pendingPollMs,
    }),
  ],
  cancelling: ['remove', (c) => ({ flow: 'employee', correctionId: c.correctionId })],
};
/** The step each failure state speaks of. */
const failedStep: Record<string, string> = {
  'choosing.failed': 'checkBefore',
  'restoring.failed': 'restore',
  'open.editing.failed': 'edit',
  'open.checking.failed': 'check',
  'open.underwriting.failed': 'underwrite',
  'open.scenario.failed': 'scenario',
  'open.submitting.failed': 'submit',
  cancelFailed: 'cancel',
};
const approvedTo = (r: ApprovalResult) =>
  r.decision === 'approved'
    ? r.paymentRequired
      ? 'open.approved'
      : 'done'
    : r.decision === 'rejected'
      ? 'open.rejected'
      : 'open.pending.waiting';
const statusTo: Record<string, string> = {
  pending: 'open.pending.waiting',
  approved: 'open.approved',
  in_force: 'done',
  cancelled: 'cancelled',
  rejected: 'restoring.loading',
};

const input: FlowInput = {
  flow: 'employee',
  pollBaseMs: 1000,
  pollMaxMs: 4000,
  pollLimitMs: 60_000,
  pendingPollMs: 5000,
};

function assertStep({
  state,
  event,
  context,
  previous,
  calls,
}: {
  state: string;
  event: { type: string; output?: unknown; error?: unknown } & Record<string, unknown>;
  context: Record<string, unknown>;
  previous: Record<string, unknown>;
  calls: Calls;
}) {
  const c = context as unknown as FlowContext;
  const p = previous as unknown as FlowContext;
  const out = event.output as never;
  // the call the state waits on runs, given what the context says
  const call = calledBy[state];
  if (call) {
    expect(calls.pending.has(call[0])).toBe(true);
    expect(calls.inputs.filter((x) => x.id === call[0]).at(-1)?.input).toEqual(call[1](c));
  }
  // a failure says which step failed and how, in the page's terms; elsewhere none is left (but in the draft)
  if (failedStep[state]) {
    expect(c.error?.step).toBe(failedStep[state]);
    if (event.type.startsWith('xstate.error.actor.')) expect(c.error).toMatchObject(failure.get(event.error)!);
  }
  // "X was added" speaks of the last add, in the draft only
  if (!state.startsWith('open.editing')) expect(c.added).toEqual([]);
  // the scenario step waits when another sends it
  if (state === 'open.scenario.waiting') expect(c.sender).not.toBe('me');
  if (state === 'open.scenario.choosing') expect(c.sender).toBe('me');
  if (state.startsWith('open.checking.problems')) expect(c.problems).toEqual(problems);
  // the findings stay with the draft until it changes or passes its check
  if (
    event.type === 'xstate.done.actor.check' ||
    (event.type === 'xstate.done.actor.edit' && state === 'open.editing.idle') ||
    event.type === 'xstate.init'
  )
    expect(c.problems).toEqual([]);
  else if (!event.type.endsWith('.actor.check')) expect(c.problems).toBe(p.problems);

  switch (event.type) {
    case 'START':
      expect(state).toBe('choosing.checking');
      expect([c.policyId, c.kind, c.effectiveDate, c.error]).toEqual([
        event.policyId,
        event.kind,
        event.effectiveDate ?? null,
        null,
      ]);
      break;
    case 'RESUME':
      expect([state, c.correctionId]).toEqual(['restoring.loading', CORRECTION]);
      break;
    case 'xstate.done.actor.checkBefore': {
      const r = out as CheckBeforeResult;
      expect(c.policy).toEqual(policy);
      if (r.openCorrection) expect([state, c.openCorrection]).toEqual(['choosing.openExists', r.openCorrection]);
      else {
        expect(state).toBe('open.editing.idle');
        expect([c.window, c.effectiveDate, c.openCorrection]).toEqual([
          { earliest: r.earliestEffectiveDate, latest: r.latestEffectiveDate },
          p.effectiveDate ?? r.earliestEffectiveDate,
          null,
        ]);
      }
      break;
    }
    case 'xstate.done.actor.loadCorrection': {
      const d = out as CorrectionDetail;
      expect(state).toBe(restoredTo[d.correction.state]);
      expect([c.correctionId, c.correction, c.draft, c.payment, c.policy, c.resumePayment, c.error]).toEqual([
        d.correction.correctionId,
        d.correction,
        d.items,
        d.payment,
        d.policy,
        true,
        null,
      ]);
      expect(c.approval?.decision ?? null).toBe(d.correction.decision);
      break;
    }
    case 'EDIT':
      expect(state).toBe('open.editing.saving');
      expect(c.edit).toMatchObject(event.request as object);
      expect(c.edit?.key).not.toBe(p.edit?.key);
      expect(c.error).toBeNull();
      break;
    case 'RETRY':
      // the same change again, with its key: a call whose answer was lost is not done twice
      if (state === 'open.editing.saving') expect(c.edit).toBe(p.edit);
      if (state === 'open.submitting.running') expect(c.approveKey).toBe(p.approveKey);
      if (state === 'open.checking.running') expect(c.error).toBeNull();
      break;
    case 'xstate.done.actor.edit': {
      const r = out as EditOutcome;
      if (r.importResult?.ok === false) {
        expect(state).toBe('open.editing.importRejected');
        expect([c.importResult, c.draft, c.correctionId]).toEqual([r.importResult, p.draft, p.correctionId]);
      } else {
        expect(state).toBe('open.editing.idle');
        expect([c.draft, c.added, c.correctionId, c.correction, c.underwriting]).toEqual([
          r.draft,
          r.added,
          r.correction!.correctionId,
          r.correction,
          null,
        ]);
      }
      break;
    }
    case 'xstate.error.actor.edit':
      expect([state, c.added, c.draft]).toEqual(['open.editing.failed', [], p.draft]);
      break;
    case 'SET_DATE':
      expect(c.effectiveDate).toBe(event.effectiveDate);
      break;
    case 'xstate.done.actor.check':
      if ('yearDays' in (out as object)) {
        expect(state).toBe('open.preview');
        expect([c.underwriting, c.correction, c.draft]).toEqual([out, underwritten.correction, underwritten.items]);
      } else expect(state).toBe('open.underwriting.running');
      break;
    case 'xstate.done.actor.underwrite':
      expect(state).toBe('open.preview');
      expect([c.underwriting, c.correction, c.draft]).toEqual([
        underwritten,
        underwritten.correction,
        underwritten.items,
      ]);
      // the premium per line and its total, as priced
      expect(c.draft.list.map((l) => l.premiumFen)).toEqual([6000, 6000]);
      expect(c.correction?.netFen).toBe(12000);
      break;
    case 'xstate.done.actor.scenarios':
      expect([c.scenarios, c.scenario]).toEqual([scenarios.allowed, 'online']);
      expect(state).toBe(c.sender === 'me' ? 'open.scenario.choosing' : 'open.scenario.waiting');
      break;
    case 'SUBMIT':
      expect(state).toBe('open.submitting.running');
      expect([c.scenario, c.error]).toEqual([event.scenario, null]);
      expect(typeof c.approveKey).toBe('string');
      expect(c.approveKey).not.toBe(p.approveKey);
      break;
    case 'xstate.done.actor.approve': {
      const r = out as ApprovalResult;
      expect(state).toBe(approvedTo(r));
      expect([c.approval, c.correction]).toEqual([r, r.correction]);
      break;
    }
    case 'xstate.done.actor.pendingStatus': {
      const r = out as PayStatusResult;
      expect(state).toBe(statusTo[r.state]);
      if (r.state === 'approved')
        expect(c.correction).toEqual(p.correction ? { ...p.correction, state: 'approved' } : null);
      else expect(c.correction).toBe(p.correction);
      break;
    }
    case 'xstate.error.actor.pendingStatus':
      // no answer this time: asked again later, nothing changed
      expect([state, c.error]).toEqual(['open.pending.waiting', p.error]);
      break;
    case 'PAY':
      expect([state, c.cashierOpened, c.resumePayment]).toEqual(['open.payment', event.cashierOpened, false]);
      break;
    case 'xstate.done.actor.payment': {
      const r = out as PaymentOutput;
      expect(state).toBe(r.status === 'paid' ? 'done' : r.status === 'closed' ? 'cancelled' : 'restoring.loading');
      expect(c.payment).toEqual((r.answer?.payment as PaymentInfo | undefined) ?? p.payment);
      break;
    }
    case 'xstate.done.actor.remove':
      expect([state, c.correction]).toEqual(['cancelled', out]);
      break;
    case 'SENDER':
      expect(c.sender).toBe(event.sender);
      break;
    case 'DISMISS':
      if (p.error?.step === 'edit') expect(c.error).toBeNull();
      break;
    case 'CHECK':
      // a draft without lines is not checked: nothing happens
      if ((c.correction?.itemCount ?? c.draft.total) > 0) {
        expect(state).toBe('open.checking.running');
        // a new check forgets the last error, a failed change's or an earlier check's
        expect(c.error).toBeNull();
      } else expect([state.startsWith('open.editing.'), c]).toEqual([true, p]);
      break;
    case 'SAVE_LATER':
      expect(state).toBe('saved');
      break;
    case 'CANCEL':
      expect(state).toBe(p.correctionId === null ? 'cancelled' : 'cancelling');
      break;
  }
}

describe('the correction machine, path by path', () => {
  it('walks every shortest path, every transition and every possible pair of transitions, checking state and context at each step', async () => {
    const coverage = await runModel<FlowInput>({
      machine: correctionMachine,
      events,
      input: () => input,
      live: (calls) =>
        correctionMachine.provide({
          actors: Object.fromEntries(
            [
              'checkBefore',
              'loadCorrection',
              'edit',
              'check',
              'underwrite',
              'scenarios',
              'approve',
              'payStatus',
              'payment',
              'remove',
            ].map((id) => [id, calls.actor()]),
          ) as never,
        }),
      traversal: {
        // the context the guards read: a draft on the gateway, lines in it, who sends it
        key: (c: FlowContext) => ({
          d: c.correctionId !== null,
          i: (c.correction?.itemCount ?? c.draft.total) > 0,
          a: c.sender !== 'me',
        }),
      },
      assertStep: (step) => assertStep(step as never),
      requirements: listedRequirements('correction'),
      eventNote: (e) => {
        const out = e.output as Record<string, unknown> | undefined;
        if (e.type.startsWith('xstate.error.actor.')) return (e.error as { kind: string }).kind;
        switch (e.type) {
          case 'xstate.done.actor.checkBefore':
            return (out as unknown as CheckBeforeResult).openCorrection ? 'one open' : 'none open';
          case 'xstate.done.actor.loadCorrection':
            return (out as unknown as CorrectionDetail).correction.state;
          case 'xstate.done.actor.edit':
            return (out as unknown as EditOutcome).importResult?.ok === false
              ? 'file refused'
              : `${(out as unknown as EditOutcome).draft.total} lines`;
          case 'xstate.done.actor.check':
            return 'yearDays' in out! ? 'priced' : 'checked';
          case 'xstate.done.actor.approve': {
            const r = out as unknown as ApprovalResult;
            return r.decision === 'approved'
              ? r.paymentRequired
                ? 'approved, to pay'
                : 'approved, nothing to pay'
              : r.decision;
          }
          case 'xstate.done.actor.pendingStatus':
            return (out as unknown as PayStatusResult).state;
          case 'xstate.done.actor.payment':
            return (out as unknown as PaymentOutput).status;
          case 'SENDER':
            return e.sender as string;
          default:
            return undefined;
        }
      },
      pairs: true,
      unreachablePairs: {
        // Cancel without a draft on the gateway (nothing to delete) happens only in a draft not saved yet.
        'correction.restoring.routing --always#{2,3,4,5,6,7} => correction.open --CANCEL#1':
          'a restored correction has its number: Cancel removes it on the gateway',
        'correction.open.editing.saving --xstate.done.actor.edit#1 => correction.open --CANCEL#1':
          'a change that went through answers the draft with its number',
        'correction.open.editing.{idle,importRejected,failed} --CHECK#0 => correction.open --CANCEL#1':
          'a check needs lines, and lines come with the draft and its number',
        'correction.open.{checking,underwriting,preview,scenario,submitting,rejected,pending,approved}* => correction.open --CANCEL#1':
          'past the draft the correction has its number (it was checked, so it had lines): Cancel removes it on the gateway',
        'correction.open.scenario.choosing --always#0 => correction.open.scenario.waiting --always#0':
          'waiting is entered because another sends it, and nothing between the two eventless steps changes the sender',
        'correction.open.scenario.waiting --always#0 => correction.open.scenario.choosing --always#0':
          'choosing is entered because the user sends it, and nothing between the two eventless steps changes the sender',
      },
    });
    printCoverage('correction', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.pairs?.missing).toEqual([]);
    // every sentence docs/requirements.md lists for the machine is carried and taken by a checked path
    expect(coverage.requirements?.missing).toEqual([]);
    expect(coverage.requirements?.unlisted).toEqual([]);
  });
});
