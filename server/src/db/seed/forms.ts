/**
 * Demo data of the user area, idempotent (existing rows are left alone, so an older ./data gets
 * what it lacks at the next start): per project a collect form with every field type and a once-per-customer
 * sign-up form with an SMS phone check, customer service and follow settings, a traffic link, and the user
 * agreement and privacy policy that user/agreement shows.
 */
import type { Db } from '../../runtime/database/plugin';
import { projects } from '../../domains/entrance/schema';
import { forms, type StoredFormField } from '../../domains/form/schema';
import { serviceSettings, trafficLinks } from '../../domains/user/schema';
import { agreements } from '../../domains/order/schema';

export const USER_AGREEMENT_SN = 'user-agreement';
export const PRIVACY_POLICY_SN = 'privacy-policy';
/** formSn of a project's every-field form and its sign-up form. */
export const demoFormSn = (projectSn: string) => `${projectSn}-form`;
export const demoOnceFormSn = (projectSn: string) => `${projectSn}-form-signup`;
/** The traffic link of a project: opens its every-field form. */
export const demoTrafficLinkId = (projectSn: string) => `${projectSn}-link-form`;
/** The follow link each project's drainage QR code encodes. */
export const demoFollowLink = (projectSn: string) => `https://work.weixin.qq.com/ca/cawcde-${projectSn}-follow`;

const field = (
  nKey: string,
  keyName: StoredFormField['keyName'],
  label: string,
  required: boolean,
  extra: Partial<StoredFormField> = {},
): StoredFormField => ({
  nKey,
  keyName,
  label,
  placeholder: null,
  required,
  multiline: false,
  idCardType: keyName === 'IDCARD' ? 'IDCARD' : null,
  ...extra,
});

/** Every keyName of §3, the textarea and an optional field among them. */
export const ALL_FIELDS: StoredFormField[] = [
  field('fName1', 'NAME', '姓名', true),
  field('fPhon1', 'PHONE', '手机号码', true),
  field('fIdcd1', 'IDCARD', '身份证号', true),
  field('fIdOt1', 'IDCARD_OUT', '港澳台及外籍证件号', false),
  field('fNumb1', 'NUMBER', '年龄', true),
  field('fMail1', 'EMAIL', '邮箱', true),
  field('fAddr1', 'ADDRESS', '联系地址', true),
  field('fText1', 'TEXT', '留言', false, { multiline: true, placeholder: '请输入您想咨询的问题（选填）' }),
];

const SIGNUP_FIELDS: StoredFormField[] = [
  field('sName1', 'NAME', '姓名', true),
  field('sPhon1', 'PHONE', '手机号码', true),
  field('sText1', 'TEXT', '报名课程', true),
];

const USER_AGREEMENT = [
  '欢迎使用本商城。请您在使用前仔细阅读本协议。',
  '一、服务内容：本商城为您提供活动与课程的浏览、报名、购买及售后服务。',
  '二、账号：您以手机号登录，应妥善保管验证码，不得将账号转让他人使用。',
  '三、订单与支付：订单金额以提交时页面显示为准，支付成功后订单生效。',
  '四、退款与售后：按各商品或课程页面标示的退款规则办理。',
  '五、协议变更：本协议更新后将在本页面公布，继续使用即视为同意。',
].join('\n');

const PRIVACY_POLICY = [
  '我们重视您的个人信息保护。',
  '一、收集的信息：手机号、收货地址、报名表单中您填写的信息、您上传的图片。',
  '二、使用目的：仅用于完成订单、提供报名与客户服务，不会出售给任何第三方。',
  '三、存储与保护：信息存储于境内服务器，采取加密与访问控制措施保护。',
  '四、您的权利：您可联系客服查询、更正或删除您的个人信息。',
].join('\n');

export async function seedForms(db: Db): Promise<void> {
  const all = await db.select({ projectSn: projects.projectSn, name: projects.name }).from(projects);
  for (const { projectSn, name } of all) {
    await db
      .insert(forms)
      .values([
        {
          formSn: demoFormSn(projectSn),
          projectSn,
          title: '信息登记表',
          description: `${name}活动信息登记，请如实填写，我们会尽快与您联系。`,
          fields: ALL_FIELDS,
          successText: '提交成功，工作人员将在1个工作日内与您联系',
        },
        {
          formSn: demoOnceFormSn(projectSn),
          projectSn,
          title: '课程报名',
          description: '每位用户限报名一次，提交前需验证手机号。',
          fields: SIGNUP_FIELDS,
          phoneCheck: true,
          oncePerCustomer: true,
          successText: '报名成功，请留意短信通知',
        },
      ])
      .onConflictDoNothing();
    await db
      .insert(serviceSettings)
      .values({
        projectSn,
        phone: '4008008000',
        hours: '周一至周日 9:00-21:00',
        wechatQr: `https://work.weixin.qq.com/ca/cawcde-${projectSn}-service`,
        wechatName: `${name}客服`,
        followLink: demoFollowLink(projectSn),
        followTitle: `关注${name}`,
        followText: '扫码添加企业微信，第一时间获取课程与活动通知',
      })
      .onConflictDoNothing();
    await db
      .insert(trafficLinks)
      .values({
        linkId: demoTrafficLinkId(projectSn),
        projectSn,
        jumpContent: { firstEnum: 'APPLE_INFO_COLLECTION_FORM', targetSn: demoFormSn(projectSn) },
      })
      .onConflictDoNothing();
  }
  await db
    .insert(agreements)
    .values([
      { agreementSn: USER_AGREEMENT_SN, agreementName: '用户服务协议', agreementContent: USER_AGREEMENT },
      { agreementSn: PRIVACY_POLICY_SN, agreementName: '隐私政策', agreementContent: PRIVACY_POLICY },
    ])
    .onConflictDoNothing();
}
