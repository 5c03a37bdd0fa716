/**
 * The 5/90 lotto rules as the app knows them, in one place: the board and bet types, a bet's picks and lines, its
 * price and potential win, the defaults, and the rule texts and worked examples the info pages show. Each mirrors
 * the data crate's `lotto` module; vectors.test.ts checks them against the vectors it publishes
 * (docs/vectors/rules/). Pure: no React, no fetching.
 */
export * from './board';
export * from './bet';
export * from './defaults';
export * from './price';
export * from './rule-texts';
export * from './worked-examples';
