// One entry per field of a concept that the form submits and the store keeps: the rule its input must pass and the
// shape it has once stored. Both schemas are drawn from the same entries, so a field cannot be added to one side
// only (docs/content-api.md, "One fields object").
import type { z } from 'zod';

export interface FieldPair {
  /** What the form sends and the API accepts (messages included). */
  input: z.ZodType;
  /** What a stored record holds; optional where records saved before the field existed lack it. */
  stored: z.ZodType;
}

type Fields = Record<string, FieldPair>;

/**
 * Every entry's stored shape must hold what its input rule produces: an input whose output the store could not keep
 * turns that entry's type into `never`, and the call fails to compile.
 */
type StoredHoldsInput<F extends Fields> = {
  [K in keyof F]: z.output<F[K]['input']> extends z.output<F[K]['stored']> ? F[K] : never;
};

export function defineFields<const F extends Fields>(fields: F & StoredHoldsInput<F>): F {
  return fields;
}

export type InputShape<F extends Fields> = { [K in keyof F]: F[K]['input'] };
export type StoredShape<F extends Fields> = { [K in keyof F]: F[K]['stored'] };

function pick<F extends Fields, S extends keyof FieldPair>(fields: F, side: S) {
  return Object.fromEntries(Object.entries(fields).map(([name, pair]) => [name, pair[side]]));
}

/** The input rules, as a z.object shape. */
export const inputShape = <F extends Fields>(fields: F) => pick(fields, 'input') as InputShape<F>;

/** The stored shapes, as a z.object shape. */
export const storedShape = <F extends Fields>(fields: F) => pick(fields, 'stored') as StoredShape<F>;
