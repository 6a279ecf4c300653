/**
 * The tag strip of §2 (套餐, 定金+尾款, 分N期, 含N个课程), read from an activity or course detail. The rule lives in
 * contract/rules/detail-head.ts, since the server draws a shared item's tags with it too.
 */
export { packageCourseCount, tagStrip, type TagStripSource } from '@contract/rules/detail-head';
