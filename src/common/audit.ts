import type { AuditField, AuditKind, AuditSubject } from '@contract/io/audit.codes';
import type { Role } from '@contract/roles';
import type { Locale } from './i18n';
import { INSURER } from './insurer';
import { formatFen } from './money';

type Words<K extends string> = Record<K, Record<Locale, string>>;

/**
 * The audit trail's words in both languages: the portal's page and the gateway's exports say the same
 * kind, subject and detail the same way.
 */
export const AUDIT_KIND_WORDS: Words<AuditKind> = {
  login: { 'en-US': 'Logged in', 'zh-CN': '登录' },
  loginFailed: { 'en-US': 'Failed login', 'zh-CN': '登录失败' },
  logout: { 'en-US': 'Logged out', 'zh-CN': '退出登录' },
  reauthenticated: { 'en-US': 'Password confirmed', 'zh-CN': '确认密码' },
  authorisationClosed: { 'en-US': 'Authorisation closed', 'zh-CN': '关闭授权' },
  personAdded: { 'en-US': 'Employee added', 'zh-CN': '加保员工' },
  personRemoved: { 'en-US': 'Employee removed', 'zh-CN': '减保员工' },
  personExchanged: { 'en-US': 'Employee replaced', 'zh-CN': '替换员工' },
  personChanged: { 'en-US': 'Insured person changed', 'zh-CN': '修改被保险人' },
  rosterImported: { 'en-US': 'List imported', 'zh-CN': '导入名单' },
  lineRemoved: { 'en-US': 'Line removed from a draft', 'zh-CN': '删除批改明细' },
  correctionChecked: { 'en-US': 'Correction underwritten', 'zh-CN': '批改核保' },
  correctionScenario: { 'en-US': 'Correction option chosen', 'zh-CN': '选择批改方式' },
  correctionSubmitted: { 'en-US': 'Correction sent for approval', 'zh-CN': '提交批改审核' },
  correctionCancelled: { 'en-US': 'Correction cancelled', 'zh-CN': '取消批改' },
  paymentStarted: { 'en-US': 'Payment started', 'zh-CN': '发起支付' },
  payTypeChanged: { 'en-US': 'Payment method chosen', 'zh-CN': '选择支付方式' },
  transferReceiptUploaded: { 'en-US': 'Transfer receipt uploaded', 'zh-CN': '上传转账凭证' },
  claimReported: { 'en-US': 'Claim reported', 'zh-CN': '报案' },
  claimFileUploaded: { 'en-US': 'Claim document uploaded', 'zh-CN': '上传理赔材料' },
  claimDocumentsSent: { 'en-US': 'Claim documents sent', 'zh-CN': '提交理赔材料' },
  invoiceRequested: { 'en-US': 'Invoice requested', 'zh-CN': '申请发票' },
  complaintFiled: { 'en-US': 'Complaint or suggestion sent', 'zh-CN': '提交投诉建议' },
  complaintPictureUploaded: { 'en-US': 'Complaint picture uploaded', 'zh-CN': '上传投诉图片' },
  verificationCodeSent: { 'en-US': 'Verification code sent', 'zh-CN': '发送验证码' },
  administratorChanged: { 'en-US': 'Administrator changed', 'zh-CN': '变更管理员' },
  accountCancelled: { 'en-US': 'Account cancelled', 'zh-CN': '注销账户' },
  userChanged: { 'en-US': 'User changed', 'zh-CN': '修改用户' },
  userRemoved: { 'en-US': 'User removed', 'zh-CN': '删除用户' },
  userInvited: { 'en-US': 'User invited', 'zh-CN': '邀请用户' },
  invitationWithdrawn: { 'en-US': 'Invitation withdrawn', 'zh-CN': '撤回邀请' },
  invitationAccepted: { 'en-US': 'Invitation accepted', 'zh-CN': '接受邀请' },
  paymentReceived: { 'en-US': 'Payment received', 'zh-CN': '收到付款' },
  transferMatched: { 'en-US': 'Transfer received', 'zh-CN': '收到转账' },
  refundRequested: { 'en-US': 'Refund requested', 'zh-CN': '发起退费' },
  refundSettled: { 'en-US': 'Refund settled', 'zh-CN': '退费完成' },
  settingsChanged: { 'en-US': 'Company settings changed', 'zh-CN': '修改企业设置' },
  correctionReturned: { 'en-US': 'Correction returned to its preparer', 'zh-CN': '退回批改' },
  certificateIssued: { 'en-US': 'Certificate of insurance issued', 'zh-CN': '开具参保证明' },
  rosterCompared: { 'en-US': 'Whole roster compared', 'zh-CN': '全员名单比对' },
  rosterReconciled: { 'en-US': 'Correction made from a roster comparison', 'zh-CN': '按名单比对生成批改' },
  renewalAccepted: { 'en-US': 'Renewal quote accepted', 'zh-CN': '确认续保报价' },
  renewalIssued: { 'en-US': "Next year's policy issued", 'zh-CN': '续保保单已签发' },
  renewalLapsed: { 'en-US': 'Renewal lapsed', 'zh-CN': '续保已失效' },
  autoRenewChanged: { 'en-US': 'Automatic renewal changed', 'zh-CN': '修改自动续保' },
};

export const AUDIT_SUBJECT_WORDS: Words<AuditSubject> = {
  policy: { 'en-US': 'Policy', 'zh-CN': '保单' },
  correction: { 'en-US': 'Correction', 'zh-CN': '批改' },
  claim: { 'en-US': 'Claim', 'zh-CN': '理赔' },
  invoice: { 'en-US': 'Invoice', 'zh-CN': '发票' },
  complaint: { 'en-US': 'Complaint', 'zh-CN': '投诉建议' },
  account: { 'en-US': 'Account', 'zh-CN': '账户' },
};

export const AUDIT_FIELD_WORDS: Words<AuditField> = {
  name: { 'en-US': 'Name', 'zh-CN': '姓名' },
  idNumber: { 'en-US': 'ID number', 'zh-CN': '证件号码' },
  department: { 'en-US': 'Department', 'zh-CN': '部门' },
  effectiveDate: { 'en-US': 'Effective date', 'zh-CN': '生效日期' },
  fileName: { 'en-US': 'File', 'zh-CN': '文件' },
  rows: { 'en-US': 'Rows', 'zh-CN': '行数' },
  errorRows: { 'en-US': 'Rows with errors', 'zh-CN': '错误行数' },
  decision: { 'en-US': 'Decision', 'zh-CN': '结论' },
  payType: { 'en-US': 'Payment method', 'zh-CN': '支付方式' },
  amountFen: { 'en-US': 'Amount', 'zh-CN': '金额' },
  title: { 'en-US': 'Title', 'zh-CN': '标题' },
  reason: { 'en-US': 'Reason', 'zh-CN': '原因' },
  administrator: { 'en-US': 'Administrator', 'zh-CN': '管理员' },
  userName: { 'en-US': 'User', 'zh-CN': '用户' },
  role: { 'en-US': 'Role', 'zh-CN': '角色' },
  state: { 'en-US': 'State', 'zh-CN': '状态' },
};

/** A company user's role and state, said in each language (the users page and the log). */
export const ROLE_WORDS: Words<Role> = {
  administrator: { 'en-US': 'Administrator', 'zh-CN': '管理员' },
  approver: { 'en-US': 'Approver', 'zh-CN': '审批人' },
  clerk: { 'en-US': 'Clerk', 'zh-CN': '经办人' },
  viewer: { 'en-US': 'Viewer', 'zh-CN': '查看者' },
};
export const USER_STATE_WORDS: Words<'active' | 'suspended' | 'removed' | 'invited' | 'withdrawn' | 'on' | 'off'> = {
  active: { 'en-US': 'Active', 'zh-CN': '正常' },
  suspended: { 'en-US': 'Suspended', 'zh-CN': '已停用' },
  removed: { 'en-US': 'Removed', 'zh-CN': '已删除' },
  invited: { 'en-US': 'Invited', 'zh-CN': '已邀请' },
  withdrawn: { 'en-US': 'Invitation withdrawn', 'zh-CN': '已撤回邀请' },
  // a policy's automatic renewal
  on: { 'en-US': 'On', 'zh-CN': '开启' },
  off: { 'en-US': 'Off', 'zh-CN': '关闭' },
};

/** The columns of the page and of its exports. */
export const AUDIT_COLUMN_WORDS: Words<
  'time' | 'actor' | 'actorName' | 'source' | 'kind' | 'subject' | 'before' | 'after'
> = {
  time: { 'en-US': 'Time (Beijing)', 'zh-CN': '时间（北京时间）' },
  actor: { 'en-US': 'User name', 'zh-CN': '用户名' },
  actorName: { 'en-US': 'Name', 'zh-CN': '姓名' },
  source: { 'en-US': 'From address', 'zh-CN': '来源地址' },
  kind: { 'en-US': 'Action', 'zh-CN': '操作' },
  subject: { 'en-US': 'About', 'zh-CN': '对象' },
  before: { 'en-US': 'Before', 'zh-CN': '变更前' },
  after: { 'en-US': 'Details', 'zh-CN': '内容' },
};

/** A row's details as one line: "姓名: 张三; 证件号码: 110***********1234". */
export function auditDetails(list: readonly { field: string; value: string }[], locale: Locale): string {
  const colon = locale === 'zh-CN' ? '：' : ': ';
  return list
    .map((d) => {
      const value =
        d.field === 'amountFen'
          ? formatFen(Number(d.value))
          : d.field === 'role'
            ? (ROLE_WORDS[d.value as Role]?.[locale] ?? d.value)
            : d.field === 'state'
              ? (USER_STATE_WORDS[d.value as 'active']?.[locale] ?? d.value)
              : d.value;
      return `${AUDIT_FIELD_WORDS[d.field as AuditField]?.[locale] ?? d.field}${colon}${value}`;
    })
    .join(locale === 'zh-CN' ? '；' : '; ');
}

/** The actor of what the insurer's systems did (a payment received, a refund settled). */
export const INSURER_ACTOR = 'insurer';

/** Who an entry names, in the reader's language: the insurer by its name, a person by theirs. */
export const actorNameIn = (r: { actor: string; actorName: string }, locale: Locale): string =>
  r.actor === INSURER_ACTOR ? INSURER.shortName[locale] : r.actorName;
