// How the KPI pages and the home dashboard's KPI board write a figure: a rate as a percentage, an amount or
// count with separators, '—' for none.
export const percentText = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
export const figureText = (value: number | null, ratio: boolean) =>
  value === null
    ? '—'
    : ratio
      ? percentText(value)
      : value.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
