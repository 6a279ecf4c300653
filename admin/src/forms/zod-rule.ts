/**
 * Form rules from the contract's zod schemas, so the console refuses exactly what the server refuses and
 * says it in the same words (the console is its own bundle, so zod may run here; the storefront never ships it).
 */
import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/** The first message the schema gives for `value`, or null when it accepts it. */
export function zodMessage(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '输入有误');
}

/** An antd rule that checks one field with its schema; an empty input counts as missing. */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = zodMessage(schema, value === '' ? undefined : value);
      if (message) throw new Error(message);
    },
  };
}
