/**
 * The entrance's hand-made answer (routes/entrance/answer.ts) is exactly the text the route's zod schema serializes
 * (fastify-type-provider-zod: parse, then JSON.stringify), key order included, for every kind of project and user,
 * with values that need escaping; and a changed project row is answered with its new values.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { PROJECT_ENUMS, entranceInfo } from '@contract/entrance';
import type { projects } from '../../src/db/schema';
import { ok, responses } from '../../src/http';
import { entranceAnswer } from '../../src/routes/entrance/answer';
import { toUserInfo, type UserRow } from '../../src/services/users';

type ProjectRow = typeof projects.$inferSelect;

const bySchema = serializerCompiler({ schema: responses(entranceInfo, [400])[200], method: 'POST', url: '/front/v1/entrance' } as never);

function schemaText(token: string, user: UserRow, project: ProjectRow, now: number, wechatOfficialAccount = false): string {
  return bySchema(
    ok({
      token,
      userInfo: toUserInfo(user),
      timestamp: now,
      needAuth: user.phone === null,
      wechatOfficialAccount,
      tips: project.tips,
      sceneStyle: project.sceneStyle,
      projectEnum: project.projectEnum,
      projectParam: { projectSn: project.projectSn, projectName: project.name },
    }),
  ) as string;
}

const project = (over: Partial<ProjectRow> = {}): ProjectRow => ({
  projectSn: 'demo',
  name: '示范店',
  projectEnum: PROJECT_ENUMS[0],
  sceneStyle: null,
  tips: null,
  status: 'ONLINE',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...over,
});

const visitor: UserRow = {
  userId: '5b6fc457-ab42-46b7-921a-1095f7561a79',
  projectSn: 'demo',
  phone: null,
  unionId: 'u_0987654321abcdef01234567',
  nickName: null,
  avatar: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
};
const customer: UserRow = { ...visitor, phone: '13800138000', nickName: '小"明"\\ 😀\n</script>', avatar: 'https://img.example.com/a.png?x=1&y="2"' };

describe('the entrance answer', () => {
  it('is the schema-serialized text for every project type, visitor and customer, with values that need escaping', () => {
    const now = 1795468851191;
    const odd = { tips: '须知：\n"引号" \\ 反斜杠 \u2028 </script>', sceneStyle: '{"color":"#f00"}', name: '店\t名' };
    for (const projectEnum of PROJECT_ENUMS) {
      for (const row of [project({ projectEnum }), project({ projectEnum, projectSn: `p-${projectEnum}`, ...odd })]) {
        for (const user of [visitor, customer]) {
          for (const token of ['v1.eyJhIjoxfQ.c2ln', 'token "with" \\ odd\ncharacters']) {
            for (const wechatOfficialAccount of [false, true]) {
              assert.equal(
                entranceAnswer({ token, user, project: row, wechatOfficialAccount, now }).text,
                schemaText(token, user, row, now, wechatOfficialAccount),
                `${projectEnum} ${user.phone} ${wechatOfficialAccount}`,
              );
            }
          }
        }
      }
    }
  });

  it('answers a changed project row (a new object from the read model) with its new values', () => {
    const before = project({ tips: '旧须知' });
    const after = { ...before, tips: '新须知', name: '新店名' };
    assert.match(entranceAnswer({ token: 't', user: visitor, project: before, wechatOfficialAccount: false }).text, /旧须知/);
    const text = entranceAnswer({ token: 't', user: visitor, project: after, wechatOfficialAccount: false, now: 1 }).text;
    assert.equal(text, schemaText('t', visitor, after, 1));
  });

  it('answers a changed user row (a new object from the user cache) with its new values, as bytes', () => {
    const named = { ...customer, nickName: '旧昵称' };
    assert.match(entranceAnswer({ token: 't', user: named, project: project({}), wechatOfficialAccount: false }).text, /旧昵称/);
    const renamed = { ...named, nickName: '新昵称', avatar: 'https://img.example.com/a.png' };
    const answer = entranceAnswer({ token: 't', user: renamed, project: project({}), wechatOfficialAccount: false, now: 2 });
    assert.ok(Buffer.isBuffer(answer.body), 'sent as its UTF-8 bytes');
    assert.equal(answer.text, schemaText('t', renamed, project({}), 2));
    // A new visitor's row (answered once, its text not kept) answers the same text.
    assert.equal(entranceAnswer({ token: 't', user: { ...visitor }, project: project({}), wechatOfficialAccount: false, now: 3, newVisitor: true }).text, schemaText('t', visitor, project({}), 3));
  });

  it('refuses a stored project type outside the contract, as the schema does', () => {
    const row = project({ projectEnum: 'NOT_A_TYPE' });
    assert.throws(() => schemaText('t', visitor, row, 1));
    assert.throws(() => entranceAnswer({ token: 't', user: visitor, project: row, wechatOfficialAccount: false }));
  });
});
