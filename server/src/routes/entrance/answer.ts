/**
 * The entrance's answer as JSON, made by hand (issue 17). It is the one call every visit starts with, and the zod
 * serializer (parse, then stringify) was the largest part of its own CPU. The project's part (tips, scene style, type,
 * name) is made once per project row of the read model (services/page-read-models.ts onlineProjects): an operator's
 * change loads new rows, whose part is made afresh; so is a user row's userInfo. The caller's part (token, user, server
 * time) is made per call with JSON.stringify, which escapes every value. test/routes/entrance-answer.test.ts checks
 * that the text is exactly what the route's zod schema serializes, key order included.
 */
import { projectEnumSchema } from '@contract/entrance';
import type { projects } from '../../db/schema';
import { JsonText, OK_MESSAGE } from '../../http';
import { toUserInfo, type UserRow } from '../../services/users';

type ProjectRow = typeof projects.$inferSelect;

/** Each project row's part of the answer as UTF-8 bytes, made once per row. */
const projectParts = new WeakMap<ProjectRow, Buffer>();
/** Each user row's userInfo as JSON, made once per row (cached rows are never changed in place: services/users.ts). */
const userInfoTexts = new WeakMap<UserRow, string>();

/** `"tips":…,"sceneStyle":…,"projectEnum":…,"projectParam":{…}}}`: the answer's last keys, its end included. */
function projectPart(project: ProjectRow): Buffer {
  let part = projectParts.get(project);
  if (part === undefined) {
    const info = {
      tips: project.tips,
      sceneStyle: project.sceneStyle,
      // A stored type outside the contract's list fails here, as the schema's parse failed it.
      projectEnum: projectEnumSchema.parse(project.projectEnum),
      projectParam: { projectSn: project.projectSn, projectName: project.name },
    };
    part = Buffer.from(`${JSON.stringify(info).slice(1)}}`);
    projectParts.set(project, part);
  }
  return part;
}

/** `once`: a new visitor's row, answered once; keeping its text would only cost (a WeakMap entry per visitor). */
function userInfoText(user: UserRow, once: boolean): string {
  let text = once ? undefined : userInfoTexts.get(user);
  if (text === undefined) {
    text = JSON.stringify(toUserInfo(user));
    if (!once) userInfoTexts.set(user, text);
  }
  return text;
}

/**
 * The answer as bytes: the caller's part (mostly ASCII) encoded, the project's copied after it. As one string the
 * project's Chinese made the whole answer two-byte text, encoded to UTF-8 on every call (issue 17).
 */
export function entranceAnswer(input: {
  token: string;
  user: UserRow;
  project: ProjectRow;
  /** The server has a WeChat official account (config): the WeChat browser's OAuth and JS-SDK signing are on. */
  wechatOfficialAccount: boolean;
  now?: number;
  newVisitor?: boolean;
}): JsonText {
  const { token, user, project, wechatOfficialAccount, now = Date.now(), newVisitor = false } = input;
  const head =
    `{"state":true,"message":${JSON.stringify(OK_MESSAGE)},"info":{"token":${JSON.stringify(token)},` +
    `"userInfo":${userInfoText(user, newVisitor)},"timestamp":${now},"needAuth":${user.phone === null},` +
    `"wechatOfficialAccount":${wechatOfficialAccount === true},`;
  const tail = projectPart(project);
  const headLength = Buffer.byteLength(head);
  const body = Buffer.allocUnsafe(headLength + tail.length);
  body.write(head, 0, headLength);
  tail.copy(body, headLength);
  return new JsonText(body);
}
