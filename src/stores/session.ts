/**
 * The session of §3: token, user, tabs, authorisation, project, address, page query, system info and the
 * server/device time difference. Persisted under the storage prefix so a reload keeps the visitor in place.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { AuthInfo, EntranceInfo, ProjectEnum, UserInfo } from '@contract/entrance';
import type { PhoneLoginInfo } from '@contract/auth';
import type { MiniLoginInfo } from '@contract/mini-login';
import type { TabEntry } from '@contract/pages';
import { isLoggedIn } from '../domain/access';
import { themeFor, type ThemeName } from '../domain/theme';
import type { LoginOutcome, PhoneButtonDetail, PlatformLogin } from '../platform/login/types';
import type { KeyValueStorage } from '../platform/storage';
import type { Api } from '../api';

export const SESSION_KEY = 'session';
/** Set when the entrance failed, so the next start calls it again instead of trusting the cache (§4). */
export const ENTRANCE_UPDATE_KEY = 'entrance_needs_update';

const DEFAULT_AUTH: AuthInfo = { needAuthUser: true, needAuthPhone: true };

interface Persisted {
  token: string;
  projectSn: string;
  userInfo: UserInfo | null;
  tabList: TabEntry[];
  currentTab: number;
  authInfo: AuthInfo;
  projectEnum: ProjectEnum | null;
  projectName: string;
  tips: string | null;
  addressInfo: unknown;
  locationInfo: unknown;
  sharePoster: unknown;
  bankCodeInfo: unknown;
  drainageInfo: unknown;
  isEarner: boolean;
  promoterCode: string;
  referrerCode: string;
  timeDiff: number;
  wechatOfficialAccount: boolean | null;
}

export class SessionStore {
  token = '';
  projectSn = '';
  projectName = '';
  userInfo: UserInfo | null = null;
  tabList: TabEntry[] = [];
  currentTab = 0;
  authInfo: AuthInfo = { ...DEFAULT_AUTH };
  projectEnum: ProjectEnum | null = null;
  tips: string | null = null;
  addressInfo: unknown = null;
  locationInfo: unknown = null;
  sharePoster: unknown = null;
  /** The bank picked on chooseBank for the card being added (§3 bankCodeInfo): { bankCode, bankName }. */
  bankCodeInfo: unknown = null;
  drainageInfo: unknown = null;
  /** The user is a promoter: 我的收益 shows, and share links carry promoterCode. */
  isEarner = false;
  promoterCode = '';
  /** The promoter code of the share link this visitor landed on; sent with orders so the promoter earns. */
  referrerCode = '';
  /** Server clock minus device clock, in ms (§9). */
  timeDiff = 0;
  /** The entrance said the server has a WeChat official account (OAuth, JS-SDK signing); null: not said yet. */
  wechatOfficialAccount: boolean | null = null;
  /** Not persisted: the query of the current page (§2), and the device facts read at start. */
  pageQuery: Record<string, string> = {};
  systemInfo: Record<string, unknown> | null = null;

  constructor(
    private readonly api: Api,
    private readonly storage: KeyValueStorage,
  ) {
    makeAutoObservable<SessionStore, 'api' | 'storage'>(this, { api: false, storage: false });
    this.hydrate();
    reaction(
      () => this.snapshot(),
      (snap) => this.storage.set(SESSION_KEY, snap),
    );
  }

  get loggedIn(): boolean {
    return isLoggedIn(this);
  }

  get theme(): ThemeName {
    return themeFor(this.projectEnum);
  }

  /** Device time corrected by the server difference. */
  now(): number {
    return Date.now() + this.timeDiff;
  }

  /**
   * Whether a page in the WeChat browser may ask for the JS-SDK signature: when the entrance said so. Before the
   * first entrance answers, nothing is asked; a session kept from before the entrance carried the flag asks, as it did.
   */
  get canSignWechat(): boolean {
    return this.wechatOfficialAccount ?? this.token !== '';
  }

  get entranceNeedsUpdate(): boolean {
    return Boolean(this.storage.get<boolean>(ENTRANCE_UPDATE_KEY));
  }

  snapshot(): Persisted {
    return {
      token: this.token,
      projectSn: this.projectSn,
      userInfo: this.userInfo,
      tabList: this.tabList,
      currentTab: this.currentTab,
      authInfo: this.authInfo,
      projectEnum: this.projectEnum,
      projectName: this.projectName,
      tips: this.tips,
      addressInfo: this.addressInfo,
      locationInfo: this.locationInfo,
      sharePoster: this.sharePoster,
      bankCodeInfo: this.bankCodeInfo,
      drainageInfo: this.drainageInfo,
      isEarner: this.isEarner,
      promoterCode: this.promoterCode,
      referrerCode: this.referrerCode,
      timeDiff: this.timeDiff,
      wechatOfficialAccount: this.wechatOfficialAccount,
    };
  }

  private hydrate(): void {
    const saved = this.storage.get<Partial<Persisted>>(SESSION_KEY);
    if (saved && typeof saved === 'object') Object.assign(this, saved);
  }

  /** Login step 1 (§4): call the entrance for a project; on failure remember that it must be called again. */
  async enter(projectSn: string): Promise<EntranceInfo> {
    try {
      // A token of another project must not be offered to this one.
      if (this.projectSn && this.projectSn !== projectSn) this.clear();
      const info = await this.api.entrance.enter(projectSn);
      runInAction(() => {
        this.applyEntrance(projectSn, info);
      });
      this.storage.remove(ENTRANCE_UPDATE_KEY);
      return info;
    } catch (err) {
      this.storage.set(ENTRANCE_UPDATE_KEY, true);
      throw err;
    }
  }

  applyEntrance(projectSn: string, info: EntranceInfo): void {
    this.projectSn = projectSn;
    this.token = info.token;
    this.userInfo = info.userInfo;
    this.projectEnum = info.projectEnum;
    this.projectName = String(info.projectParam.projectName || '');
    this.tips = info.tips;
    this.timeDiff = info.timestamp - Date.now();
    this.wechatOfficialAccount = typeof info.wechatOfficialAccount === 'boolean' ? info.wechatOfficialAccount : null;
  }

  /** Login step 2 (§4): the project's tab menu. */
  async loadMenu(): Promise<TabEntry[]> {
    const { tabList } = await this.api.pages.menu();
    const sorted = [...tabList].sort((a, b) => a.tabIndex - b.tabIndex);
    runInAction(() => {
      this.tabList = sorted;
    });
    return sorted;
  }

  /**
   * On start with a kept session (§7 /front/v1/user/cache): the user as the server has it now (a phone bound
   * elsewhere, a new nickname). A 502 ends the session through the request layer; other failures keep the cache.
   */
  async restoreUser(): Promise<void> {
    if (!this.token) return;
    try {
      const user = await this.api.entrance.userCache();
      runInAction(() => {
        this.userInfo = user;
        this.authInfo = { ...this.authInfo, needAuthPhone: !user.phone };
      });
    } catch {
      // Offline or the server busy: the kept user stays until the next start.
    }
  }

  async loadAuth(): Promise<AuthInfo> {
    const info = await this.api.entrance.userAuth();
    runInAction(() => {
      this.authInfo = info;
    });
    return info;
  }

  sendCode(phone: string): Promise<{ resendAfter: number }> {
    return this.api.auth.sendCode(phone.trim());
  }

  async loginByPhone(phone: string, code: string): Promise<PhoneLoginInfo> {
    const info = await this.api.auth.loginByPhone(phone.trim(), code.trim());
    runInAction(() => {
      this.token = info.token;
      this.userInfo = info.userInfo;
      this.authInfo = { ...this.authInfo, needAuthPhone: !info.userInfo.phone };
      this.isEarner = false;
      this.promoterCode = '';
    });
    return info;
  }

  /** A session from the platform's own login or phone button: token, user and §6 prompts. */
  applyLogin(info: MiniLoginInfo): void {
    this.token = info.token;
    this.userInfo = info.userInfo;
    this.authInfo = info.authInfo;
    this.isEarner = false;
    this.promoterCode = '';
  }

  /**
   * Logs in through the platform when it does so without asking (mini-programs, WeChat browser), after the
   * entrance. `redirected`: the page left for the platform and comes back to `redirect`.
   */
  async loginWithPlatform(login: PlatformLogin, redirect?: string): Promise<LoginOutcome> {
    if (!login.silent) return { status: 'unavailable' };
    const outcome = await login.login({
      api: this.api,
      redirect,
      wantProfile: this.authInfo.needAuthUser,
      wechatOfficialAccount: this.wechatOfficialAccount,
    });
    if (outcome.status === 'ok') runInAction(() => this.applyLogin(outcome.info));
    return outcome;
  }

  /** The phone button's answer; a merge by phone may hand back another customer's session. */
  async bindPlatformPhone(login: PlatformLogin, detail: PhoneButtonDetail): Promise<LoginOutcome> {
    const outcome = await login.bindPhone({ api: this.api }, detail);
    if (outcome.status === 'ok') runInAction(() => this.applyLogin(outcome.info));
    return outcome;
  }

  tabFor(index: number): TabEntry | undefined {
    return this.tabList.find((t) => t.tabIndex === index);
  }

  setCurrentTab(index: number): void {
    this.currentTab = index;
  }

  setPageQuery(query: Record<string, string>): void {
    this.pageQuery = query;
    // A share link names its promoter; the latest one the visitor arrived through is the one credited.
    if (query.promoterCode && /^P[0-9A-F]{10}$/i.test(query.promoterCode))
      this.referrerCode = query.promoterCode.toUpperCase();
  }

  /** The address last picked or saved for an order (§3 addressInfo); the submit screen takes it on show. */
  setAddressInfo(address: unknown): void {
    this.addressInfo = address;
  }

  /** §3 drainageInfo: the follow code last shown (drainage page), for a share poster. */
  setDrainageInfo(info: unknown): void {
    this.drainageInfo = info;
  }

  /** §3 locationInfo: the place last chosen on /choose-location (domain/location Place). */
  setLocationInfo(place: unknown): void {
    this.locationInfo = place;
  }

  setBankCodeInfo(bank: { bankCode: string; bankName: string } | null): void {
    this.bankCodeInfo = bank;
  }

  /** What personal/profit said: whether the user is a promoter, and its code for share links. */
  setEarner(isEarner: boolean, promoterCode: string): void {
    this.isEarner = isEarner;
    this.promoterCode = promoterCode;
  }

  setSystemInfo(info: Record<string, unknown>): void {
    this.systemInfo = info;
  }

  /** §8 code 502 and logout: forget the token and everything tied to the user; keep the project. */
  clear(): void {
    this.token = '';
    this.userInfo = null;
    this.authInfo = { ...DEFAULT_AUTH };
    this.addressInfo = null;
    this.bankCodeInfo = null;
    this.drainageInfo = null;
    this.isEarner = false;
    this.promoterCode = '';
    this.sharePoster = null;
    this.tabList = [];
    this.currentTab = 0;
  }
}
