/**
 * How a draw is named for people: its game and its number within the game ("Lotto Classic draw 128",
 * docs/decisions/059). The id stays the key (URLs, API paths, proofs); a draw from a server that sent no number
 * keeps its old name, "Draw #4000008".
 */
type Named = { id: number; number?: number | null; game_name?: string | null };

export function drawName(draw: Named): string {
  if (draw.number === null || draw.number === undefined) return `Draw #${draw.id}`;
  return `${draw.game_name ?? 'Game'} draw ${draw.number}`;
}

/** A ticket's draw: the ticket's own game name and its draw's number, when the server sent it. */
export function ticketDrawName(ticket: {
  draw_id: number;
  game_name: string | null;
  draw: { number?: number | null } | null;
}): string {
  return drawName({ id: ticket.draw_id, number: ticket.draw?.number, game_name: ticket.game_name });
}
