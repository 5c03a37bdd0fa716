import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDraw } from '@/testing/lotto';
import { renderUi } from '@/testing/render-ui';
import { DrawResult } from './draw-result';

describe('a draw result is named by its number', () => {
  it('names a draw by its number on its game’s own page, and with the game across games', () => {
    const draw = makeDraw({ id: 4_000_008, number: 128, game_name: 'Lotto Classic' });
    const { unmount } = renderUi(<DrawResult draw={draw} />);
    expect(screen.getByRole('article', { name: 'Draw 128 result' })).toBeInTheDocument();
    unmount();
    renderUi(<DrawResult draw={draw} showGame />);
    expect(screen.getByRole('article', { name: 'Lotto Classic draw 128 result' })).toBeInTheDocument();
  });
});
