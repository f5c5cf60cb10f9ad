// 临期预警's suggested action (server/modules/stock/expiryAction.ts), at the edges of its rule.
import { expiryActionOf, SALES_LOOKBACK_DAYS, TRANSFER_LEAD_DAYS } from '../modules/stock/expiryAction';

const lot = (remainingDays: number, qty: number, soldHere: number, soldElsewhere: number) =>
  expiryActionOf({ source: 'LOT', remainingDays, windowDays: 45, qty, soldHere, soldElsewhere });
const outlet = (remainingDays: number, windowDays = 45) =>
  expiryActionOf({ source: 'OUTLET', remainingDays, windowDays });

describe('the suggested action of a near-expiry row', () => {
  it('has an expired lot written off and expired shelf goods returned', () => {
    expect(lot(-1, 100, 1000, 1000)).toBe('DESTROY');
    expect(outlet(-1)).toBe('RETURN');
  });

  it('swaps shelf goods in the second half of the window, promotes them in the first', () => {
    // Window 45 days: half of it, rounded up, is 23.
    expect(outlet(0)).toBe('EXCHANGE');
    expect(outlet(23)).toBe('EXCHANGE');
    expect(outlet(24)).toBe('PROMOTE');
    expect(outlet(45)).toBe('PROMOTE');
    // Window 5 days (shelf life 16–29): 3.
    expect(outlet(3, 5)).toBe('EXCHANGE');
    expect(outlet(4, 5)).toBe('PROMOTE');
  });

  it('moves a lot its warehouse cannot sell in time to one that can, after the move', () => {
    // 30 days left: here 30 sold in 30 days sells 30 before expiry; elsewhere 30/30 × (30 − 3) = 27.
    expect(SALES_LOOKBACK_DAYS).toBe(30);
    expect(TRANSFER_LEAD_DAYS).toBe(3);
    expect(lot(30, 27, 0, 30)).toBe('TRANSFER');
    expect(lot(30, 28, 0, 30)).toBe('PROMOTE');
    // It sells at home in time: promoted where it is (buyers shun goods inside the window).
    expect(lot(30, 30, 30, 300)).toBe('PROMOTE');
    expect(lot(30, 31, 30, 300)).toBe('TRANSFER');
    // No other warehouse sells it, or too few days are left for a move.
    expect(lot(30, 50, 0, 0)).toBe('PROMOTE');
    expect(lot(3, 1, 0, 1000)).toBe('PROMOTE');
    expect(lot(0, 1, 0, 1000)).toBe('PROMOTE');
  });
});
