import { describe, expect, it } from 'vitest';
import { formErrorsFromServer, formFromGame, inputFromForm, isFormField } from './game-form';
import type { GameInput } from '@/features/admin/types';

const game: GameInput = {
  name: 'Lucky Tuesday',
  description: 'One big draw every Tuesday night.',
  status: 'paused',
  schedule: { kind: 'weekly', slots: [{ weekday: 'Tue', time: '19:15' }] },
  close_before_secs: 300,
  bet_types: ['NAP1', 'NAP2', 'PERM2'],
  multipliers: { nap1: 40, nap2: 240, nap3: 2_100, nap4: 6_000, nap5: 44_000 },
  stake_rules: {
    nap_min_stake: 5_000,
    min_stake_per_line: 550,
    min_ticket_total: 5_000,
    max_ticket_total: 5_000_000,
    payout_cap: 1_000_000_000,
  },
};

describe('the game form', () => {
  it('shows stake rules in naira and sends them back in kobo unchanged', () => {
    const form = formFromGame(game);
    expect(form.stakeRules.min_stake_per_line).toBe('5.50');
    expect(form.stakeRules.payout_cap).toBe('10000000');
    expect(form.multipliers.nap5).toBe('44000');
    expect(inputFromForm(form)).toEqual({ input: game, errors: null });
  });

  it('starts a new game with the published defaults', () => {
    const form = formFromGame();
    expect(form.stakeRules.nap_min_stake).toBe('50');
    expect(form.multipliers.nap1).toBe('40');
    expect(form.betTypes).toHaveLength(11);
    expect(form.scheduleKind).toBe('interval');
  });

  it('turns naira typed with commas into kobo, and bet types into the players’ order', () => {
    const form = formFromGame(game);
    form.stakeRules.max_ticket_total = '75,000.50';
    form.betTypes = ['PERM2', 'NAP1'];
    form.scheduleKind = 'interval';
    form.everyMinutes = '5';
    const { input } = inputFromForm(form);
    expect(input?.stake_rules.max_ticket_total).toBe(7_500_050);
    expect(input?.bet_types).toEqual(['NAP1', 'PERM2']);
    expect(input?.schedule).toEqual({ kind: 'interval', every_minutes: 5 });
  });

  it('names every problem beside its field before asking the server', () => {
    const form = formFromGame(game);
    form.name = ' ';
    form.slots = [
      { weekday: 'Tue', time: '25:00' },
      { weekday: 'Tue', time: '19:15' },
      { weekday: 'Tue', time: '19:15' },
    ];
    form.closeBeforeSecs = '-1';
    form.betTypes = [];
    form.multipliers.nap3 = '0';
    form.stakeRules.payout_cap = '1.234';
    const { errors } = inputFromForm(form);
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      ['bet_types', 'close_before_secs', 'multipliers.nap3', 'name', 'slots.0', 'slots.2', 'stake_rules.payout_cap'].sort(),
    );
  });

  it('places the server’s 422 errors on the right fields', () => {
    const errors = formErrorsFromServer({
      name: ['Another game already has this name'],
      multipliers: ['The NAP3 multiplier must be a whole number from 1 to 1,000,000'],
      schedule: ['A draw interval is between 1 and 1440 minutes'],
      'stake_rules.payout_cap': ['stake_rules.payout_cap has the wrong type'],
      stake_rules: ['Must be more than ₦0.00'],
    });
    expect(errors).toEqual({
      name: 'Another game already has this name',
      'multipliers.nap3': 'The NAP3 multiplier must be a whole number from 1 to 1,000,000',
      every_minutes: 'A draw interval is between 1 and 1440 minutes',
      'stake_rules.payout_cap': 'stake_rules.payout_cap has the wrong type',
      stake_rules: 'Must be more than ₦0.00',
    });
    expect(Object.keys(errors).every(isFormField)).toBe(true);
    expect(isFormField('status')).toBe(false);
  });

  it('places the exact field names the server sends on their inputs', () => {
    const errors = formErrorsFromServer({
      'stake_rules.min_stake_per_line': ['Must not be above the ticket maximum of ₦50,000.00'],
      'multipliers.nap4': ['The NAP4 multiplier must be a whole number from 1 to 1,000,000'],
      'schedule.every_minutes': ['A draw interval is between 1 and 1440 minutes'],
    });
    expect(errors).toEqual({
      'stake_rules.min_stake_per_line': 'Must not be above the ticket maximum of ₦50,000.00',
      'multipliers.nap4': 'The NAP4 multiplier must be a whole number from 1 to 1,000,000',
      every_minutes: 'A draw interval is between 1 and 1440 minutes',
    });
    expect(formErrorsFromServer({ 'schedule.slots': ['A weekly schedule needs at least one draw time'] })).toEqual({
      schedule: 'A weekly schedule needs at least one draw time',
    });
    expect(Object.keys(errors).every(isFormField)).toBe(true);
  });
});
