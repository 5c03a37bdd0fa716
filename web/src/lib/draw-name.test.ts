import { describe, expect, it } from 'vitest';
import { drawName, ticketDrawName } from './draw-name';

describe('a draw is named by its game and its number', () => {
  it('reads "Lotto Classic draw 128", not the global id', () => {
    expect(drawName({ id: 4_000_008, number: 128, game_name: 'Lotto Classic' })).toBe('Lotto Classic draw 128');
  });

  it('keeps the old name for a draw sent without a number', () => {
    expect(drawName({ id: 4_000_008, game_name: 'Lotto Classic' })).toBe('Draw #4000008');
    expect(drawName({ id: 42, number: null, game_name: null })).toBe('Draw #42');
  });

  it("names a ticket's draw from the ticket's game and its draw's number", () => {
    const ticket = { draw_id: 4_000_008, game_name: 'Ayo Express', draw: { number: 7 } };
    expect(ticketDrawName(ticket)).toBe('Ayo Express draw 7');
    expect(ticketDrawName({ ...ticket, draw: null })).toBe('Draw #4000008');
  });
});
