/** One check of a verification (a draw's or a ticket's), as the verifier shows it: what, passed or not, and why. */
export type CheckId =
  | 'encoding'
  | 'commitment'
  | 'tickets'
  | 'balls'
  | 'machine'
  // ayo-lotto/v2 draws
  | 'witness'
  | 'all-tickets'
  // a v2 ticket's receipt
  | 'leaf-data'
  | 'leaf'
  | 'proof'
  | 'published-root'
  | 'signature'
  | 'draw';

export type Check = {
  id: CheckId;
  title: string;
  /** Passed, or nothing to check (`notApplicable`). */
  ok: boolean;
  /** There was nothing to check here (a draw without a witness, balls not drawn yet): shown as "–", not "✓". */
  notApplicable?: boolean;
  /** Why this check matters, in plain words. */
  detail: string;
  /** What was computed and what was published, for anyone who wants to see. */
  values: { label: string; value: string }[];
};
