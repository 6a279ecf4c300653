/**
 * The order in progress (the cart store): everything the submit screen loads, chooses and types lives here,
 * keyed by what is being ordered, so leaving the screen to pick an address, read the agreement or look at a
 * coupon and coming back restores it (§4 submit flow).
 */
import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { Address } from '@contract/address';
import type { Confirmation, DiscountCoupon, SubmitResult } from '@contract/order';
import { NO_DELIVERY, SUBMIT_CODES } from '@contract/constants';
import type { Api } from '../api';
import { errorMessage } from '../api/error-message';
import type { ApiError } from '../api/request';
import { isAreaRestricted } from '@contract/rules/areas';
import {
  couponUnavailableReason,
  initialCoupon,
  priceWithCoupon,
  splitCoupons,
  toggleCoupon,
  type CouponPrice,
} from '@contract/rules/coupon';
import type { UserInfoEntry } from '@contract/user-info';
import { echoFor } from '../domain/applicant-echo';
import { isFirstPayment, payableLabel, scheduleRows } from '../domain/schedule';
import { clampQuantity, orderCountText } from '../domain/catalogue';
import { submitGuard, type GuardResult } from '@contract/rules/submit-guard';
import { sessionValue } from '../platform/storage';
import { onePerRoot } from './per-root';

export type OrderKind = 'course' | 'goods';

export const SUBMIT_TEXTS = {
  tokenFailed: '订单信息获取异常! 请退出重试',
  submitFailed: '下单异常, 请重试!',
  submitting: '正在发起下单...',
  popupTitle: '温馨提示',
} as const;

/** §8 popup texts by code; 1006 shows the server's own message. */
export const SUBMIT_CODE_TEXTS: Record<number, string> = {
  [SUBMIT_CODES.LINK_INVALID]: '下单链接异常，请退出重新扫码下单或联系客服人员重新生成下单链接!',
  [SUBMIT_CODES.OFF_SHELF]: '课程已下架，请联系客服安排其他课程!',
  [SUBMIT_CODES.UNPAID_EXISTS]: '已存在待支付订单，请完成付款!',
  [SUBMIT_CODES.IN_PROGRESS]: '订单受理中，暂时无法支付!',
};

export interface SubmitPopup {
  code: number;
  message: string;
  /** 查看订单 (1005, with the order number) or 返回首页. */
  action: { text: '查看订单'; orderNo: string } | { text: '返回首页' };
}

/** §8: the confirmation-load failure, offered in a popup with its code, info and response. */
export interface LoadErrorPopup {
  code?: number;
  message: string;
  info?: unknown;
  /** The response's HTTP status; none when no response came (offline, time-out). */
  statusCode?: number;
}

/** The submit screen's typed fields: applicant values, remark and household type. */
export interface TypedFields {
  values: Record<string, string>;
  remark: string;
  householdType: string | null;
}

/** Where typed fields are kept across a reload: the tab's session storage on H5 (platform/storage sessionValue). */
export interface TypedStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export type SubmitOutcome =
  | { type: 'submitted'; result: SubmitResult }
  | { type: 'blocked'; toast: string | null }
  | { type: 'failed'; toast: string | null };

export class OrderDraft {
  confirmation: Confirmation | null = null;
  loading = false;
  loadError: LoadErrorPopup | null = null;
  coupons: DiscountCoupon[] = [];
  couponsLoaded = false;
  selectedRcSn: string | null = null;
  address: Address | null = null;
  householdType: string | null = null;
  values: Record<string, string> = {};
  remark = '';
  agreed = true;
  orderToken = '';
  submitting = false;
  popup: SubmitPopup | null = null;
  /** Pieces of a goods item (the stepper); courses are always one. */
  quantity = 1;
  private quantitySeq = 0;

  constructor(
    private readonly api: Api,
    readonly kind: OrderKind,
    readonly targetSn: string,
    readonly thirdEnum: string,
    /** The package chosen on the course detail ('' for the item's default). */
    readonly packageSn = '',
    /** The server-adjusted clock (session.now), for a coupon's validity window. */
    private readonly clock: () => number = Date.now,
    /** A single-use order link's token ('' for an order from a detail page). */
    readonly orderLink = '',
  ) {
    makeAutoObservable<OrderDraft, 'api' | 'quantitySeq' | 'clock'>(this, {
      api: false,
      kind: false,
      targetSn: false,
      thirdEnum: false,
      packageSn: false,
      orderLink: false,
      quantitySeq: false,
      clock: false,
    });
  }

  get amount() {
    return this.confirmation?.confirmOrderAmount ?? null;
  }

  get payNum(): number {
    return this.amount?.installmentPayNum ?? 1;
  }

  get firstPayment(): boolean {
    return isFirstPayment(this.payNum);
  }

  get needsDelivery(): boolean {
    return !!this.confirmation && this.confirmation.deliveryType !== NO_DELIVERY;
  }

  /** Coupons apply to a first payment that costs something: a ¥0 payment has nothing to take off (§5). */
  get couponsAllowed(): boolean {
    return !!this.confirmation?.couponAllowed && this.firstPayment && (this.amount?.payAmount ?? 0) > 0;
  }

  get couponGroups() {
    return splitCoupons(this.coupons);
  }

  get selectedCoupon(): DiscountCoupon | null {
    return this.coupons.find((c) => c.rcSn === this.selectedRcSn) ?? null;
  }

  /**
   * The chosen coupon while it can be used: the server offered it and, by the rule the server checks on submit,
   * it is still in its window now (a coupon may end while the screen is open).
   */
  get usableCoupon(): DiscountCoupon | null {
    const coupon = this.couponsAllowed ? this.selectedCoupon : null;
    const a = this.amount;
    if (!coupon || !a || !coupon.isAvailable) return null;
    // The server offered it as usable when it answered, so its start has passed by the server's clock. Only its
    // end can pass while the screen is open; the start is not judged again by this clock, which may trail the
    // server's by the time the entrance's answer took (a coupon handed out a moment ago would stay 尚未生效).
    const order = {
      allowed: true,
      payAmount: a.payAmount,
      orderAmount: a.orderTotalAmount,
      applies: true,
      now: this.clock(),
    };
    return couponUnavailableReason({ ...coupon, startTime: null }, order) === null ? coupon : null;
  }

  /** The payments of a first payment's order before a coupon: the schedule's, or the one payment. */
  private get payments(): number[] {
    const c = this.confirmation;
    if (!c) return [0];
    const items =
      c.orderPayType === 2
        ? c.confirmOrderAmount.depositInfoList
        : c.orderPayType === 3
          ? c.confirmOrderAmount.installmentInfoList
          : [];
    return this.firstPayment && items.length ? items.map((i) => i.installmentAmount) : [c.confirmOrderAmount.payAmount];
  }

  /** The order priced with the coupon by the rule the server submits with (contract/rules/coupon.ts). */
  get priced(): CouponPrice {
    const coupon = this.usableCoupon;
    if (!coupon) return { discount: 0, payments: this.payments, payable: this.amount?.payAmount ?? 0 };
    return priceWithCoupon(this.amount?.orderTotalAmount ?? 0, this.payments, coupon);
  }

  /** §5: payable less the chosen coupon, floored at 0; the discount is what the coupon takes off the order. */
  get pay(): { payable: number; discount: number } {
    return { payable: this.priced.payable, discount: this.priced.discount };
  }

  get payLabel(): string {
    return payableLabel(this.confirmation?.orderPayType ?? 1, this.payNum);
  }

  get schedule() {
    const c = this.confirmation;
    if (!c) return [];
    const items =
      c.orderPayType === 2 ? c.confirmOrderAmount.depositInfoList : c.confirmOrderAmount.installmentInfoList;
    // Each row shows what it costs after the coupon (the row paid now is the payable line), so the rows add up to
    // the order total after every discount.
    return scheduleRows(c.orderPayType, items, this.payNum, '', this.usableCoupon ? this.priced.payments : undefined);
  }

  get addressRestricted(): boolean {
    const c = this.confirmation;
    return !!c && !!this.address && c.freightAreasType === 2 && isAreaRestricted(this.address, c.invalidAreas);
  }

  get courseCount(): number {
    const c = this.confirmation;
    if (!c) return 0;
    return Math.max(1, c.packageCourseList.length) * (c.orderCourseInfo.skuCnt || 1);
  }

  /** 共N门课程 for courses, 共N件商品 for goods. */
  get countText(): string {
    const c = this.confirmation;
    return orderCountText(c?.orderType ?? 'COURSE', this.courseCount, c?.orderCourseInfo.skuCnt ?? 1);
  }

  /**
   * Load confirmation, then the coupons and a submit token (§4 submit flow). Resolves to the §8 token-failure
   * text when the token could not be fetched (the page shows it), else null.
   */
  async load(): Promise<string | null> {
    let tokenError: string | null = null;
    this.loading = true;
    this.loadError = null;
    if (this.orderLink) this.popup = null;
    try {
      const confirmation = this.orderLink
        ? await this.api.order.confirmLink(this.orderLink)
        : this.kind === 'course'
          ? await this.api.order.confirmCourse({
              targetSn: this.targetSn,
              packageSn: this.packageSn || undefined,
              thirdEnum: this.thirdEnum || undefined,
            })
          : await this.api.order.confirmGoods({ targetSn: this.targetSn, skuCnt: this.quantity });
      // §3 echoValue: a field the server leaves empty shows what the customer gave last time (§7 user-info/list).
      const echoes = confirmation.restrict.length ? await this.savedUserInfo() : [];
      runInAction(() => {
        this.confirmation = confirmation;
        if (!this.address && confirmation.defaultAddress) this.address = confirmation.defaultAddress;
        for (const rule of confirmation.restrict) {
          if (this.values[rule.nKey] === undefined)
            this.values[rule.nKey] = rule.echoValue || rule.value || echoFor(rule, echoes);
        }
      });
      if (this.address && this.needsDelivery) await this.refreshForAddress();
      [, tokenError] = await Promise.all([this.loadCoupons(), this.loadToken()]);
    } catch (err) {
      runInAction(() => {
        const e = err as ApiError;
        // A link that cannot be used (§8 1002, or its course off the shelf) is told in the §8 popup, as on submit.
        if (this.orderLink && e.code !== undefined && e.code in SUBMIT_CODE_TEXTS)
          this.popup = { code: e.code, message: SUBMIT_CODE_TEXTS[e.code], action: { text: '返回首页' } };
        this.loadError = {
          code: e.code,
          message: errorMessage(err, SUBMIT_TEXTS.submitFailed),
          info: e.info,
          statusCode: e.statusCode,
        };
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
    return tokenError;
  }

  /** The customer's earlier applicant details; a form without them is only emptier. */
  private async savedUserInfo(): Promise<UserInfoEntry[]> {
    try {
      return (await this.api.pages.userInfoList()).list;
    } catch {
      return [];
    }
  }

  async loadCoupons(): Promise<void> {
    if (!this.confirmation || !this.couponsAllowed) return;
    try {
      const { list } = await this.api.order.coupons(this.confirmation.createOrderSn);
      runInAction(() => {
        this.coupons = list;
        // §4: the first available coupon is chosen on first load only; later loads keep the customer's choice.
        if (!this.couponsLoaded) this.selectedRcSn = initialCoupon(list)?.rcSn ?? null;
        else if (this.selectedRcSn && !list.some((c) => c.rcSn === this.selectedRcSn && c.isAvailable))
          this.selectedRcSn = null;
        this.couponsLoaded = true;
      });
    } catch {
      // Coupons are optional: the order can still be placed without them.
      runInAction(() => (this.coupons = []));
    }
  }

  /** §8: a failed token fetch shows the server message or 订单信息获取异常! 请退出重试. */
  async loadToken(): Promise<string | null> {
    if (!this.confirmation) return null;
    try {
      const { orderToken } = await this.api.order.orderToken(this.confirmation.createOrderSn);
      runInAction(() => (this.orderToken = orderToken));
      return null;
    } catch (err) {
      runInAction(() => (this.orderToken = ''));
      return errorMessage(err, SUBMIT_TEXTS.tokenFailed);
    }
  }

  /** Freight and restrictions depend on the address: the server recomputes them. */
  async refreshForAddress(): Promise<void> {
    if (!this.confirmation) return;
    const next = await this.api.order.confirmDetails(this.confirmation.createOrderSn, this.address?.addressId);
    runInAction(() => (this.confirmation = next));
  }

  async chooseAddress(address: Address): Promise<void> {
    this.address = address;
    try {
      await this.refreshForAddress();
    } catch {
      // Keep the old amounts; submit recomputes on the server anyway.
    }
  }

  /**
   * A new goods quantity: the server confirms the order again (it multiplies and checks), then coupons and the
   * token follow the new confirmation. On failure the old quantity and amounts stay; the message is returned.
   */
  async setQuantity(n: number): Promise<string | null> {
    const next = clampQuantity(n);
    if (this.kind !== 'goods' || next === this.quantity || !this.confirmation) return null;
    const previous = this.quantity;
    const seq = ++this.quantitySeq;
    this.quantity = next;
    try {
      const confirmation = await this.api.order.confirmGoods({ targetSn: this.targetSn, skuCnt: next });
      // Taps faster than the server: only the last one's confirmation is kept.
      if (seq !== this.quantitySeq) return null;
      runInAction(() => (this.confirmation = confirmation));
      if (this.address && this.needsDelivery) await this.refreshForAddress();
      await Promise.all([this.loadCoupons(), this.loadToken()]);
      return null;
    } catch (err) {
      if (seq === this.quantitySeq) runInAction(() => (this.quantity = previous));
      return errorMessage(err, SUBMIT_TEXTS.submitFailed);
    }
  }

  clickCoupon(coupon: DiscountCoupon): void {
    this.selectedRcSn = toggleCoupon(this.selectedRcSn, coupon);
  }

  setValue(nKey: string, value: string): void {
    this.values[nKey] = value;
  }

  setRemark(value: string): void {
    this.remark = value;
  }

  setHousehold(type: string | null): void {
    this.householdType = type;
  }

  setAgreed(agreed: boolean): void {
    this.agreed = agreed;
  }

  closePopup(): void {
    this.popup = null;
  }

  /** What the customer typed or chose by hand, as kept across a reload (OrderDraftStore). */
  get typed(): TypedFields {
    return { values: { ...this.values }, remark: this.remark, householdType: this.householdType };
  }

  restoreTyped(typed: Partial<TypedFields>): void {
    if (typed.values && typeof typed.values === 'object') Object.assign(this.values, typed.values);
    if (typeof typed.remark === 'string') this.remark = typed.remark;
    if (typeof typed.householdType === 'string') this.householdType = typed.householdType;
  }

  guard(): GuardResult {
    const c = this.confirmation;
    if (!c) return { ok: false, toast: null };
    return submitGuard({
      disabled: c.disableFlag,
      firstPayment: this.firstPayment,
      rules: c.restrict,
      values: this.values,
      needsDelivery: this.needsDelivery,
      address: this.address,
      areaRestricted: c.freightAreasType === 2,
      invalidAreas: c.invalidAreas,
      isHousehold: c.isHousehold && this.firstPayment,
      householdType: this.householdType,
      needsAgreement: c.electronicProtocol,
      agreed: this.agreed,
      orderToken: this.orderToken,
    });
  }

  payload(paySource: 'H5' | 'WEAPP' | 'SWAN', phone: string, promoterCode?: string) {
    const c = this.confirmation as Confirmation;
    const { payable, discount } = this.pay;
    const coupon = this.usableCoupon;
    return {
      createOrderSn: c.createOrderSn,
      cityCode: this.needsDelivery ? this.address?.cityId : undefined,
      cityName: this.needsDelivery && this.address ? this.address.fullAreaName.split(' ')[1] : undefined,
      entranceSource: this.thirdEnum || 'DETAIL',
      orderDiscountList:
        coupon && discount > 0
          ? [
              {
                discountType: 'DISCOUNT_RED' as const,
                couponSn: coupon.couponSn,
                discountReceiveSn: coupon.rcSn,
                discountMoney: discount,
              },
            ]
          : [],
      discountsAmount: discount,
      payAmount: payable,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken: this.orderToken,
      phone: phone || undefined,
      paySource,
      tradeType: paySource === 'H5' ? 'MWEB' : paySource === 'WEAPP' ? 'JSAPI' : 'SWAN',
      orderPreAttachVO: {
        addressId: this.needsDelivery ? this.address?.addressId : undefined,
        deliveryType: c.deliveryType,
        householdType: (c.isHousehold && this.firstPayment ? this.householdType : undefined) as
          'TRAILING_HOLD' | 'TALENT_IN' | undefined,
        userExtra: c.restrict.length ? JSON.stringify({ userInfo: this.values, restrict: c.restrict }) : undefined,
      },
      remark: this.remark.trim() || undefined,
      promoterCode: promoterCode || undefined,
    };
  }

  /**
   * Validate, submit once, and turn every failure into the §8 popup or toast; the token is reloaded after a failure.
   */
  async submit(paySource: 'H5' | 'WEAPP' | 'SWAN', phone: string, promoterCode?: string): Promise<SubmitOutcome> {
    if (this.submitting) return { type: 'blocked', toast: null };
    const verdict = this.guard();
    if (!verdict.ok) return { type: 'blocked', toast: verdict.toast };
    this.submitting = true;
    try {
      const body = this.payload(paySource, phone, promoterCode);
      const result =
        this.kind === 'course' ? await this.api.order.submitCourse(body) : await this.api.order.submitGoods(body);
      runInAction(() => (this.orderToken = ''));
      return { type: 'submitted', result };
    } catch (err) {
      const e = err as ApiError;
      const code = e.code ?? 0;
      let toast: string | null = null;
      if (code in SUBMIT_CODE_TEXTS || code === SUBMIT_CODES.SERVER_MESSAGE) {
        const orderNo = (e.info as { orderNo?: string } | null)?.orderNo;
        runInAction(() => {
          this.popup = {
            code,
            message: code === SUBMIT_CODES.SERVER_MESSAGE ? e.message : SUBMIT_CODE_TEXTS[code],
            action:
              code === SUBMIT_CODES.UNPAID_EXISTS && orderNo ? { text: '查看订单', orderNo } : { text: '返回首页' },
          };
        });
      } else if (e.kind === 'business') {
        toast = e.message;
      } else {
        toast = SUBMIT_TEXTS.submitFailed;
      }
      if (code === SUBMIT_CODES.AMOUNT_MISMATCH) await this.refreshAfterMismatch();
      // §4: on failure reload the token; when that fails too, say so (§8), unless something else was already said.
      const tokenError = await this.loadToken();
      return { type: 'failed', toast: toast ?? (this.popup ? null : tokenError) };
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  private async refreshAfterMismatch(): Promise<void> {
    try {
      await this.refreshForAddress();
      await this.loadCoupons();
    } catch {
      // the toast already told the customer to retry
    }
  }
}

/**
 * Drafts by what is ordered, so a return to the submit screen finds its draft. What the customer typed is also
 * kept in `typedStorage` under the same key, so a reload of the screen (a new app) finds it too; it goes with
 * the draft once the order is placed.
 */
export class OrderDraftStore {
  private drafts = new Map<string, { draft: OrderDraft; stopKeeping?: IReactionDisposer }>();

  constructor(
    private readonly api: Api,
    private readonly clock: () => number = Date.now,
    private readonly typedStorage?: TypedStorage,
  ) {}

  draftFor(kind: OrderKind, targetSn: string, thirdEnum = '', packageSn = '', orderLink = ''): OrderDraft {
    const key = draftKey(kind, targetSn, thirdEnum, packageSn, orderLink);
    let entry = this.drafts.get(key);
    if (!entry) {
      const draft = new OrderDraft(this.api, kind, targetSn, thirdEnum, packageSn, this.clock, orderLink);
      entry = { draft, stopKeeping: this.keepTyped(key, draft) };
      this.drafts.set(key, entry);
    }
    return entry.draft;
  }

  /** After a successful submit the draft is done; a new visit starts fresh. */
  forget(kind: OrderKind, targetSn: string, thirdEnum = '', packageSn = '', orderLink = ''): void {
    const key = draftKey(kind, targetSn, thirdEnum, packageSn, orderLink);
    this.drafts.get(key)?.stopKeeping?.();
    this.drafts.delete(key);
    this.typedStorage?.remove(key);
  }

  /** Restores what was typed before a reload, then stores every change. */
  private keepTyped(key: string, draft: OrderDraft): IReactionDisposer | undefined {
    const storage = this.typedStorage;
    if (!storage) return undefined;
    try {
      const saved = storage.get(key);
      if (saved) draft.restoreTyped(JSON.parse(saved) as Partial<TypedFields>);
    } catch {
      // Unreadable (written by another version): start empty.
    }
    return reaction(
      () => JSON.stringify(draft.typed),
      (json) => storage.set(key, json),
    );
  }
}

const draftKey = (kind: OrderKind, targetSn: string, thirdEnum: string, packageSn: string, orderLink = '') =>
  `order_draft:${kind}:${targetSn}:${thirdEnum}:${packageSn}${orderLink ? `:link:${orderLink}` : ''}`;

/** The app's order drafts, made by the first order screen (stores/per-root); they live as long as the app. */
export const orderDraftsOf = onePerRoot(
  (root: { readonly api: Api; readonly session?: { now(): number } }) =>
    new OrderDraftStore(root.api, root.session ? () => root.session!.now() : Date.now, sessionValue),
);
