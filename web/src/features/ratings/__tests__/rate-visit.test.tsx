import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, plainUser, renderWithProviders } from '@/test/render';
import { RateVisit } from '../components/rate-visit';

const COUPON = '3f0c8a52-9a1e-4c55-8f7e-2b1d6c9e0a11';
const RATING = `GET /api/me/ratings/${COUPON}`;
const RATE = `PUT /api/me/ratings/${COUPON}`;
const OPEN = { rating: null, changeableUntil: new Date(Date.now() + 86_400_000).toISOString() };

function renderRateVisit() {
  return renderWithProviders(
    <RateVisit purchasedCouponId={COUPON} dayOf={(at) => at.toISOString().slice(0, 10)} onClose={() => {}} />,
    { user: plainUser },
  );
}

describe('RateVisit: the comment', () => {
  it('counts its characters, and over 1000 refuses it with the limit named, sending nothing and cutting nothing', async () => {
    const sent: unknown[] = [];
    stubApi({
      [RATING]: () => jsonResponse(OPEN),
      [RATE]: (init) => {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ stars: 5, comment: 'б'.repeat(1000) });
      },
    });
    renderRateVisit();

    const comment = await screen.findByLabelText('Отзыв (необязательно)');
    expect(comment).toHaveAccessibleDescription('Отзыв увидит партнер. Символов: 0 из 1000.');
    expect(comment).not.toHaveAttribute('maxlength');
    fireEvent.click(screen.getByRole('button', { name: '5 из 5' }));

    // Pasted whole: nothing is cut, and what is too much is said.
    fireEvent.change(comment, { target: { value: 'б'.repeat(1001) } });
    expect(comment).toHaveValue('б'.repeat(1001));
    expect(screen.getByRole('alert')).toHaveTextContent('Отзыв длиннее 1000 символов: сократите его.');
    expect(comment).toHaveAccessibleDescription(
      'Отзыв увидит партнер. Символов: 1001 из 1000. Отзыв длиннее 1000 символов: сократите его.',
    );
    expect(comment).toBeInvalid();
    const save = screen.getByRole('button', { name: 'Сохранить' });
    expect(save).toBeDisabled();
    fireEvent.click(save);
    expect(sent).toEqual([]);

    // Shortened to the limit (spaces around it are not counted), it is sent whole.
    fireEvent.change(comment, { target: { value: ` ${'б'.repeat(1000)} ` } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(comment).toHaveAccessibleDescription('Отзыв увидит партнер. Символов: 1000 из 1000.');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Спасибо! Ваша оценка: 5 из 5.')).toHaveRole('status');
    expect(sent).toEqual([{ stars: 5, comment: 'б'.repeat(1000) }]);
  });
});
