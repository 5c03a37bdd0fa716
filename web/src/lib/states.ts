/**
 * Nigeria's 36 states and the Federal Capital Territory by ISO 3166-2:NG code: where a player lives decides whether
 * they may deposit and play (lotteries are licensed by state) and which withholding tax their winnings bear.
 */
export const STATES: ReadonlyArray<{ code: string; name: string }> = (
  [
  ['AB', 'Abia'],
  ['AD', 'Adamawa'],
  ['AK', 'Akwa Ibom'],
  ['AN', 'Anambra'],
  ['BA', 'Bauchi'],
  ['BY', 'Bayelsa'],
  ['BE', 'Benue'],
  ['BO', 'Borno'],
  ['CR', 'Cross River'],
  ['DE', 'Delta'],
  ['EB', 'Ebonyi'],
  ['ED', 'Edo'],
  ['EK', 'Ekiti'],
  ['EN', 'Enugu'],
  ['FC', 'Federal Capital Territory'],
  ['GO', 'Gombe'],
  ['IM', 'Imo'],
  ['JI', 'Jigawa'],
  ['KD', 'Kaduna'],
  ['KN', 'Kano'],
  ['KT', 'Katsina'],
  ['KE', 'Kebbi'],
  ['KO', 'Kogi'],
  ['KW', 'Kwara'],
  ['LA', 'Lagos'],
  ['NA', 'Nasarawa'],
  ['NI', 'Niger'],
  ['OG', 'Ogun'],
  ['ON', 'Ondo'],
  ['OS', 'Osun'],
  ['OY', 'Oyo'],
  ['PL', 'Plateau'],
  ['RI', 'Rivers'],
  ['SO', 'Sokoto'],
  ['TA', 'Taraba'],
  ['YO', 'Yobe'],
  ['ZA', 'Zamfara'],
] as const
).map(([code, name]) => ({ code, name }));

/** "Lagos State", "the Federal Capital Territory". */
export function stateName(code: string): string {
  const found = STATES.find((state) => state.code === code);
  if (!found) return code;
  return code === 'FC' ? `the ${found.name}` : `${found.name} State`;
}
