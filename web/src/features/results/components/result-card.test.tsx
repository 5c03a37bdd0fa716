import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDraw } from '@/testing/lotto';
import { renderUi } from '@/testing/render-ui';
import { ResultCard } from './result-card';

describe('a draw is named by its game and number where it is shown', () => {
  it('titles a result "Lotto Classic draw 128", keeping the id as its key', () => {
    const draw = makeDraw({ id: 4_000_008, number: 128, game_name: 'Lotto Classic' });
    renderUi(<ResultCard draw={draw} />);
    const card = screen.getByRole('article', { name: 'Lotto Classic draw 128 result' });
    expect(card).toHaveAttribute('data-draw-id', '4000008');
    expect(screen.getByRole('heading', { name: 'Lotto Classic draw 128' })).toBeInTheDocument();
    expect(card).not.toHaveTextContent('#4000008');
  });
});
