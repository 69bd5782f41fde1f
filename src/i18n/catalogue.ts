/**
 * The shape every language's strings must have: the keys of pl.ts, any words in place of its words,
 * and a counted noun (one/other, Polish also few/many) where pl.ts has one.
 */
import type { PluralForms } from '../server/base/plural';
import type { pl } from './pl';

type Shape<T> = T extends string
  ? string
  : T extends { readonly one: string; readonly other: string }
    ? PluralForms
    : T extends readonly (infer Item)[]
      ? readonly Shape<Item>[]
      : { readonly [Key in keyof T]: Shape<T[Key]> };

export type Catalogue = Shape<typeof pl>;

/** One namespace in one language: what an island receives as a prop. */
export type Strings<Namespace extends keyof Catalogue> = Catalogue[Namespace];
