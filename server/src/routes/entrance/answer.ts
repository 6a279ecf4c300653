/**
 * The entrance's answer as JSON text (issue 17). It is the one call every visit starts with, and the zod serializer
 * (parse, then stringify) was the largest part of its own CPU. The project's part (tips, scene style, type, name)
 * is made once per project row of the read model (services/page-read-models.ts onlineProjects): an operator's change
 * loads new rows, whose part is made afresh. The caller's part (token, user, server time) is made per call with
 * JSON.stringify, which escapes every value. test/routes/entrance-answer.test.ts checks that the text is exactly what
 * the route's zod schema serializes, key order included.
 */
import { projectEnumSchema } from '@contract/entrance';
import type { projects } from '../../db/schema';
import { JsonText, OK_MESSAGE } from '../../http';
import { toUserInfo, type UserRow } from '../../services/users';

type ProjectRow = typeof projects.$inferSelect;

const projectParts = new WeakMap<ProjectRow, string>();

/** `"tips":…,"sceneStyle":…,"projectEnum":…,"projectParam":{…}`, the last keys of the answer's info. */
function projectPart(project: ProjectRow): string {
  let part = projectParts.get(project);
  if (part === undefined) {
    const info = {
      tips: project.tips,
      sceneStyle: project.sceneStyle,
      // A stored type outside the contract's list fails here, as the schema's parse failed it.
      projectEnum: projectEnumSchema.parse(project.projectEnum),
      projectParam: { projectSn: project.projectSn, projectName: project.name },
    };
    part = JSON.stringify(info).slice(1, -1);
    projectParts.set(project, part);
  }
  return part;
}

export function entranceAnswer(input: { token: string; user: UserRow; project: ProjectRow; now?: number }): JsonText {
  const { token, user, project, now = Date.now() } = input;
  return new JsonText(
    `{"state":true,"message":${JSON.stringify(OK_MESSAGE)},"info":{"token":${JSON.stringify(token)},` +
      `"userInfo":${JSON.stringify(toUserInfo(user))},"timestamp":${now},"needAuth":${user.phone === null},${projectPart(project)}}}`,
  );
}
