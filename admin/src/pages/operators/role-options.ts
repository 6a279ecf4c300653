import { OPERATOR_ROLE_NAMES, OPERATOR_ROLES } from '@contract/operators';

export const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: OPERATOR_ROLE_NAMES[role] }));

/** An owner sees every project; every other role needs at least one to have anything to do. */
export const PROJECTS_RULE = {
  validator: async (_rule: unknown, value: string[] | undefined) => {
    if (!value?.length) throw new Error('请至少选择一个可管理的项目');
  },
};
