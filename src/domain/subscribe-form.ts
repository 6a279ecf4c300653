/**
 * Baidu's subscribe permission comes from a <form report-submit report-type="subscribe" template-id subscribe-id>
 * whose submit button the customer taps (smartprogram.baidu.com/docs/develop/component/formlist_form/). Its submit
 * event carries `formId` (a string for one template-id; one per template when template-id is an array) and, when
 * the customer did not grant, `status` 500101 (永久拒绝), 500102 (单次拒绝), 500103 (取消), 500104 / 500105 (模板或
 * formId 请求失败). Baidu sends by subscribe_id, not formId: the formId only tells that the grant happened.
 */

/** The submit event's detail as far as the grant goes. */
export interface SwanFormDetail {
  formId?: unknown;
  status?: unknown;
}

const REFUSED = new Set([500101, 500102, 500103, 500104, 500105]);

/** Template id -> 'accept' for each template the form reports a formId for; {} when refused or failed. */
export function swanFormResults(templateIds: string[], detail: SwanFormDetail): Record<string, string> {
  if (REFUSED.has(Number(detail.status))) return {};
  const formId = detail.formId;
  if (typeof formId === 'string') {
    // One template-id: its formId; empty in Baidu's developer tool, where nothing is granted.
    return formId && templateIds.length === 1 ? { [templateIds[0]]: 'accept' } : {};
  }
  if (!formId || typeof formId !== 'object') return {};
  const byTemplate = formId as Record<string, unknown>;
  return Object.fromEntries(
    templateIds.filter((id) => typeof byTemplate[id] === 'string' && byTemplate[id]).map((id) => [id, 'accept']),
  );
}

/**
 * A fresh subscribe-id for each form shown: Baidu lets one grant per user and subscribe-id carry one message, so a
 * repeated id would not add a permission. At most 64 characters (the server's limit).
 */
export function newSubscribeId(moment: string, now = Date.now(), random = Math.random()): string {
  return `${moment}-${now.toString(36)}${Math.floor(random * 36 ** 6).toString(36)}`.slice(0, 64);
}
