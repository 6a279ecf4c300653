/**
 * §7 Pages: GET /front/v1/client/user-info/list, the customer's 用户信息 (the applicant details of §2's course
 * order form) as given on their earlier orders, so the form can offer them again (§3 applicant rule echoValue).
 */
import { z } from 'zod';
import { signedFields } from './common';

export const userInfoListQuery = z.object(signedFields);

/** One detail, newest first per keyName and label: what the customer last entered for that field. */
export const userInfoEntry = z.object({
  keyName: z.string(),
  label: z.string(),
  value: z.string(),
});
export type UserInfoEntry = z.infer<typeof userInfoEntry>;

export const userInfoListInfo = z.object({ list: z.array(userInfoEntry) });
export type UserInfoList = z.infer<typeof userInfoListInfo>;
