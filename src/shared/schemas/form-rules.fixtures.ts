// For the tests of the shared form schemas: from one valid form, each change the schema must refuse (with the field
// and the message it names first) and each change it must accept, one test a row.
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { firstIssue } from '../../../tests/support/schema-issues';

type Change = Record<string, unknown>;

export interface FormRuleRows {
  /** [what the row shows, the change, the field refused, its message] */
  refused: readonly (readonly [string, Change, string, string])[];
  /** [what the row shows, the change] */
  accepted: readonly (readonly [string, Change])[];
}

export function itAppliesFormRules(schema: z.ZodType, valid: Change, rows: FormRuleRows): void {
  it.each(rows.refused)('refuses %s', (_label, change, path, message) => {
    expect(firstIssue(schema, { ...valid, ...change })).toEqual({ path, message });
  });

  it.each(rows.accepted)('accepts %s', (_label, change) => {
    expect(schema.safeParse({ ...valid, ...change }).success).toBe(true);
  });
}
