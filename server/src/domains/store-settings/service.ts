/**
 * A project's store settings as the console edits them: the theme (its project enum), the customer service line
 * (service_settings, read live by /front/v1/client/service/info) and the agreement texts the storefront shows.
 *
 * Agreements have no project of their own (table `agreements`, read by agreementSn): a purchase agreement belongs
 * to the projects whose items' order configs name it, and the platform's 用户协议 and 隐私政策 to every project.
 * So changing one is allowed only to a caller whose scope covers every project that shows it.
 */
import { eq, sql } from 'drizzle-orm';
import {
  normaliseServicePhone,
  PLATFORM_AGREEMENTS,
  STORE_SETTINGS_MESSAGES as M,
  type AgreementBody,
  type StoreAgreement,
  type StoreSettings,
  type StoreSettingsBody,
} from '@contract/ops-store-settings';
import { ERROR_CODES } from '@contract/common';
import { projects } from '../entrance/schema';
import { activities } from '../activity/schema';
import { agreements, orderConfigs } from '../order/schema';
import { serviceSettings } from '../user/schema';
import { DEFAULT_SERVICE, phoneText } from '../user/service-settings';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

/** Which projects the caller sees: every one, or those granted. */
export type Scope = readonly string[] | 'all';
const covers = (scope: Scope, projectSns: readonly string[]) =>
  scope === 'all' || projectSns.every((sn) => scope.includes(sn));

async function projectRow(db: Db, projectSn: string) {
  const [p] = await db.select().from(projects).where(eq(projects.projectSn, projectSn)).limit(1);
  if (!p) throw notFound(M.projectNotFound);
  return p;
}

/** Every purchase agreement an item names, with the projects of those items. */
async function purchaseAgreementProjects(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .selectDistinct({
      agreementSn: sql<string | null>`${orderConfigs.config}->>'agreementSn'`,
      projectSn: activities.projectSn,
    })
    .from(orderConfigs)
    .innerJoin(activities, eq(activities.actSn, orderConfigs.actSn));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.agreementSn) continue;
    out.set(r.agreementSn, [...(out.get(r.agreementSn) ?? []), r.projectSn].sort());
  }
  return out;
}

async function allProjectSns(db: Db): Promise<string[]> {
  const rows = await db.select({ projectSn: projects.projectSn }).from(projects);
  return rows.map((r) => r.projectSn).sort();
}

/** The agreements the project's storefront shows, each with every project that shows it. */
async function agreementsOf(db: Db, projectSn: string, scope: Scope): Promise<StoreAgreement[]> {
  const purchase = await purchaseAgreementProjects(db);
  const everyProject = await allProjectSns(db);
  const wanted: Array<{ agreementSn: string; kind: StoreAgreement['kind']; projectSns: string[] }> = [
    ...[...purchase]
      .filter(([, sns]) => sns.includes(projectSn))
      .map(([agreementSn, projectSns]) => ({ agreementSn, kind: 'PURCHASE' as const, projectSns })),
    ...PLATFORM_AGREEMENTS.map((a) => ({ agreementSn: a.agreementSn, kind: a.kind, projectSns: everyProject })),
  ];
  const out: StoreAgreement[] = [];
  for (const w of wanted) {
    const [row] = await db.select().from(agreements).where(eq(agreements.agreementSn, w.agreementSn)).limit(1);
    // An order config may name an agreement that was never written: nothing to edit, the storefront shows none.
    if (!row) continue;
    out.push({
      agreementSn: row.agreementSn,
      kind: w.kind,
      agreementName: row.agreementName,
      agreementContent: row.agreementContent,
      projectSns: w.projectSns,
      editable: covers(scope, w.projectSns),
    });
  }
  return out;
}

export async function readStoreSettings(db: Db, projectSn: string, scope: Scope): Promise<StoreSettings> {
  const p = await projectRow(db, projectSn);
  const [service] = await db.select().from(serviceSettings).where(eq(serviceSettings.projectSn, projectSn)).limit(1);
  const phone = service?.phone ?? DEFAULT_SERVICE.phone;
  return {
    projectSn: p.projectSn,
    name: p.name,
    projectEnum: p.projectEnum as StoreSettings['projectEnum'],
    servicePhone: phone,
    servicePhoneText: phoneText(phone),
    serviceHours: service?.hours ?? DEFAULT_SERVICE.hours,
    agreements: await agreementsOf(db, projectSn, scope),
  };
}

/** The settings without their agreements: what a theme or service change is audited with. */
const serviceView = (s: StoreSettings) => ({
  projectEnum: s.projectEnum,
  servicePhone: s.servicePhone,
  serviceHours: s.serviceHours,
});

export async function updateStoreSettings(db: Db, projectSn: string, body: StoreSettingsBody, scope: Scope) {
  const before = await readStoreSettings(db, projectSn, scope);
  const phone = normaliseServicePhone(body.servicePhone);
  // The schema refused it already; kept so a direct call cannot store a bad number.
  if (!phone) throw badRequest(M.phoneBad);
  await db.transaction(async (tx) => {
    await tx.update(projects).set({ projectEnum: body.projectEnum }).where(eq(projects.projectSn, projectSn));
    await tx
      .insert(serviceSettings)
      .values({ projectSn, phone, hours: body.serviceHours })
      .onConflictDoUpdate({
        target: serviceSettings.projectSn,
        set: { phone, hours: body.serviceHours, updatedAt: new Date() },
      });
  });
  const after = await readStoreSettings(db, projectSn, scope);
  return { before: serviceView(before), after: serviceView(after), settings: after };
}

export async function updateAgreement(
  db: Db,
  projectSn: string,
  agreementSn: string,
  body: AgreementBody,
  scope: Scope,
) {
  const current = (await readStoreSettings(db, projectSn, scope)).agreements.find((a) => a.agreementSn === agreementSn);
  if (!current) throw notFound(M.agreementNotFound);
  if (!current.editable) {
    const others = current.projectSns.filter((sn) => scope === 'all' || !scope.includes(sn));
    throw new AppError(403, ERROR_CODES.OPS_FORBIDDEN, M.agreementShared(others.join('、')));
  }
  await db
    .update(agreements)
    .set({ agreementName: body.agreementName, agreementContent: body.agreementContent })
    .where(eq(agreements.agreementSn, agreementSn));
  const after = { ...current, agreementName: body.agreementName, agreementContent: body.agreementContent };
  const text = (a: StoreAgreement) => ({ agreementName: a.agreementName, agreementContent: a.agreementContent });
  return { before: text(current), after: text(after), agreement: after };
}
