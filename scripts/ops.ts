/**
 * `npm run ops -- <command> [args]`: the operator API (/ops/..., bearer OPS_KEY) from a terminal, against a
 * running server (OPS_BASE_URL, default http://localhost:$PORT or 3000). Each command is one call; the answer is
 * printed as a table or JSON. Card codes are printed (or written with --out) once: the server keeps only digests.
 * Other domains add their commands to COMMANDS. `create-owner` is the exception: it writes the first operator
 * account straight into the database (docs/operators.md), since no one can log in to create it yet.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const BASE = (process.env.OPS_BASE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');
const KEY = process.env.OPS_KEY || 'storefront-demo-ops-key';

type Args = { positional: string[]; flags: Record<string, string> };

function parse(argv: string[]): Args {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [k, v] = a.slice(2).split('=', 2);
      flags[k] = v ?? argv[(i += 1)] ?? '';
    } else positional.push(a);
  }
  return { positional, flags };
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: { state?: boolean; message?: string; info?: T };
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${res.status} ${text.slice(0, 200)}`);
  }
  if (!res.ok || !json.state) throw new Error(`${res.status} ${json.message ?? text}`);
  return json.info as T;
}

const need = (v: string | undefined, what: string) => {
  if (!v) throw new Error(`missing ${what}`);
  return v;
};
const int = (v: string | undefined, what: string, fallback?: number) => {
  if (v === undefined || v === '') {
    if (fallback !== undefined) return fallback;
    throw new Error(`missing ${what}`);
  }
  if (!/^\d+$/.test(v)) throw new Error(`${what} must be a whole number (got ${v})`);
  return Number(v);
};

interface Command {
  usage: string;
  run(a: Args): Promise<void>;
}

/** The password from OPS_PASSWORD, or the first line of standard input (a pipe, or typed and ended with Ctrl-D). */
function passwordInput(): string {
  if (process.env.OPS_PASSWORD) return process.env.OPS_PASSWORD;
  if (process.stdin.isTTY) console.error('Password (then Enter and Ctrl-D):');
  return readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
}

export const COMMANDS: Record<string, Command> = {
  'create-owner': {
    usage:
      'create-owner <username> [--display-name X]   the first owner of the console; password from OPS_PASSWORD or stdin',
    async run({ positional: [username], flags }) {
      // Loaded here: the other commands talk HTTP and need no database.
      const { createOwnerFromTerminal } = await import('../server/src/domains/operators/create-owner');
      const { owner, demoRetired } = await createOwnerFromTerminal({
        username: need(username, 'username'),
        displayName: flags['display-name'],
        password: passwordInput(),
      });
      console.log(`owner ${owner.username} (id ${owner.id}) created; log in at /admin`);
      if (demoRetired) console.log('the demo owner admin (still on its demo password) is now disabled');
    },
  },
  templates: {
    usage: 'templates <projectSn>                       coupon templates with copies issued / used',
    async run({ positional: [projectSn] }) {
      const { list } = await call<{ list: Record<string, unknown>[] }>(
        'GET',
        `/ops/coupon/templates?projectSn=${encodeURIComponent(need(projectSn, 'projectSn'))}`,
      );
      console.table(
        list.map(({ couponSn, couponName, couponType, couponAmount, threshold, validityType, issued, used }) => ({
          couponSn,
          couponName,
          couponType,
          couponAmount,
          threshold,
          validityType,
          issued,
          used,
        })),
      );
    },
  },
  'template:create': {
    usage:
      'template:create \'<json>\'                     a coupon template, e.g. \'{"projectSn":"demo","couponName":"立减10元","couponType":1,"couponAmount":1000,"validityType":1,"validityDays":7}\'',
    async run({ positional: [json] }) {
      console.log(
        JSON.stringify(await call('POST', '/ops/coupon/templates', JSON.parse(need(json, 'template JSON'))), null, 2),
      );
    },
  },
  claims: {
    usage:
      'claims <projectSn>                          claim activities: stock, claimed, and the URL to print as a QR code',
    async run({ positional: [projectSn] }) {
      const { list } = await call<{
        list: {
          actSn: string;
          title: string;
          claimUrl: string;
          items: { couponName: string; stock: number; claimed: number; perPerson: number }[];
        }[];
      }>('GET', `/ops/coupon/claims?projectSn=${encodeURIComponent(need(projectSn, 'projectSn'))}`);
      for (const a of list) {
        console.log(`${a.actSn}  ${a.title}\n  ${a.claimUrl}`);
        for (const it of a.items)
          console.log(`    ${it.couponName}: ${it.claimed}/${it.stock} claimed, ${it.perPerson} per person`);
      }
    },
  },
  'claim:create': {
    usage: 'claim:create <projectSn> <title> <couponSn:stock[:perPerson]>... [--start ISO] [--end ISO]',
    async run({ positional: [projectSn, title, ...items], flags }) {
      const body = {
        projectSn: need(projectSn, 'projectSn'),
        title: need(title, 'title'),
        startAt: flags.start || null,
        endAt: flags.end || null,
        items: items.map((s) => {
          const [couponSn, stock, perPerson] = s.split(':');
          return { couponSn, stock: int(stock, `stock of ${couponSn}`), perPerson: int(perPerson, 'perPerson', 1) };
        }),
      };
      const a = await call<{ actSn: string; claimUrl: string }>('POST', '/ops/coupon/claims', body);
      console.log(`${a.actSn}\n${a.claimUrl}`);
    },
  },
  'claim:qr': {
    usage: "claim:qr <actSn> --out claim.png                the QR code of a claim activity's URL, to print",
    async run({ positional: [actSn], flags }) {
      const res = await call<{ claimUrl: string; qr: string }>(
        'GET',
        `/ops/coupon/claims/${encodeURIComponent(need(actSn, 'actSn'))}/qr`,
      );
      const out = need(flags.out, '--out file.png');
      writeFileSync(out, Buffer.from(res.qr.replace(/^data:image\/png;base64,/, ''), 'base64'));
      console.log(`${res.claimUrl}\nQR code written to ${out}`);
    },
  },
  batches: {
    usage: 'batches <projectSn>                         card batches with codes redeemed / voided',
    async run({ positional: [projectSn] }) {
      const { list } = await call<{ list: Record<string, unknown>[] }>(
        'GET',
        `/ops/card/batches?projectSn=${encodeURIComponent(need(projectSn, 'projectSn'))}`,
      );
      console.table(list);
    },
  },
  'batch:create': {
    usage:
      'batch:create <projectSn> <cardName> <count> [--face fen] [--days N] [--coupons sn,sn] [--redeem-end ISO] [--out codes.csv]',
    async run({ positional: [projectSn, cardName, count], flags }) {
      const body = {
        projectSn: need(projectSn, 'projectSn'),
        cardName: need(cardName, 'cardName'),
        count: int(count, 'count'),
        faceValue: int(flags.face, 'face', 0),
        validityDays: int(flags.days, 'days', 365),
        couponSns: flags.coupons ? flags.coupons.split(',').filter(Boolean) : [],
        redeemEndAt: flags['redeem-end'] || null,
        description: flags.description || '',
      };
      const res = await call<{ batch: { batchSn: string; codes: number }; csv: string }>(
        'POST',
        '/ops/card/batches',
        body,
      );
      if (flags.out) {
        writeFileSync(flags.out, res.csv, { mode: 0o600 });
        console.log(
          `${res.batch.batchSn}: ${res.batch.codes} codes written to ${flags.out} (the only copy: the server keeps digests)`,
        );
      } else {
        console.error(`${res.batch.batchSn}: ${res.batch.codes} codes (the only copy: the server keeps digests)`);
        process.stdout.write(res.csv);
      }
    },
  },
  // Promoter earnings.
  withdrawals: {
    usage: 'withdrawals [REVIEWING|PAYING|SUCCESS|FAILED|REJECTED]  withdrawals, newest first',
    async run({ positional: [status] }) {
      const { list } = await call<{ list: Record<string, unknown>[] }>(
        'GET',
        `/ops/earnings/withdrawals${status ? `?status=${encodeURIComponent(status)}` : ''}`,
      );
      console.table(
        list.map(
          ({ withdrawalNo, phone, holderName, bankName, cardMasked, amount, actualAmount, statusText, createdAt }) => ({
            withdrawalNo,
            phone,
            holderName,
            bankName,
            cardMasked,
            amount,
            actualAmount,
            statusText,
            createdAt,
          }),
        ),
      );
    },
  },
  'withdrawal:approve': {
    usage: 'withdrawal:approve <withdrawalNo>            hand a reviewing withdrawal to the payout provider',
    async run({ positional: [no] }) {
      const w = await call<{ statusText: string }>(
        'POST',
        `/ops/earnings/withdrawals/${encodeURIComponent(need(no, 'withdrawalNo'))}/approve`,
      );
      console.log(`${no}: ${w.statusText}`);
    },
  },
  'withdrawal:reject': {
    usage: 'withdrawal:reject <withdrawalNo> <reason>    refuse it; the amount goes back to the balance',
    async run({ positional: [no, reason] }) {
      const w = await call<{ statusText: string }>(
        'POST',
        `/ops/earnings/withdrawals/${encodeURIComponent(need(no, 'withdrawalNo'))}/reject`,
        { reason: need(reason, 'reason') },
      );
      console.log(`${no}: ${w.statusText}`);
    },
  },
  'promoter:add': {
    usage: 'promoter:add <projectSn> <phone>             make a user (logged in once) a promoter; prints its code',
    async run({ positional: [projectSn, phone] }) {
      const p = await call<{ promoterCode: string }>('POST', '/ops/earnings/promoters', {
        projectSn: need(projectSn, 'projectSn'),
        phone: need(phone, 'phone'),
      });
      console.log(p.promoterCode);
    },
  },
  'earnings:settle': {
    usage: 'earnings:settle                               move every commission along now (pay, refund, release)',
    async run() {
      const r = await call<{ promoters: number }>('POST', '/ops/earnings/settle');
      console.log(`${r.promoters} promoters settled`);
    },
  },
  'orders:to-ship': {
    usage: 'orders:to-ship <projectSn>                  paid goods orders waiting to be shipped, with their addresses',
    async run({ positional: [projectSn] }) {
      const { list } = await call<{ list: Record<string, unknown>[] }>(
        'GET',
        `/ops/orders/to-ship?projectSn=${encodeURIComponent(need(projectSn, 'projectSn'))}`,
      );
      console.table(list);
    },
  },
  'order:ship': {
    usage:
      'order:ship <orderNo> <carrier> <trackingNo>  ship a paid goods order, e.g. order:ship SO2026... 顺丰速运 SF1234567890',
    async run({ positional: [orderNo, carrierName, trackingNo] }) {
      const shipment = await call('POST', `/ops/orders/${encodeURIComponent(need(orderNo, 'orderNo'))}/ship`, {
        carrierName: need(carrierName, 'carrier'),
        trackingNo: need(trackingNo, 'trackingNo'),
      });
      console.log(JSON.stringify(shipment, null, 2));
    },
  },
  'order:refunded': {
    usage:
      "order:refunded <orderNo> <refundedTotalFen>   report an order's refunds: cancels or claws back its commission",
    async run({ positional: [orderNo, fen] }) {
      await call('POST', `/ops/earnings/orders/${encodeURIComponent(need(orderNo, 'orderNo'))}/refunded`, {
        refundedTotal: int(fen, 'refundedTotalFen'),
      });
      console.log('ok');
    },
  },
};

function usage(): void {
  console.log(`npm run ops -- <command>   (server ${BASE}; OPS_BASE_URL and OPS_KEY override)\n`);
  for (const c of Object.values(COMMANDS)) console.log(`  ${c.usage}`);
}

async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    usage();
    process.exit(name && name !== 'help' ? 1 : 0);
  }
  await command.run(parse(rest));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
