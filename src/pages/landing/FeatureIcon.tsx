// Line icons of the marketed modules, drawn inline (a few hundred bytes, no icon library on this page).

const PATHS: Record<string, string> = {
  customer: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8c0-3.9 3.1-6 7-6s7 2.1 7 6',
  promotion: 'M4 12 12 4h8v8l-8 8-8-8Zm12-4.5a1 1 0 1 0 0 .1',
  cooperation: 'M3 12l4-4 5 3 5-3 4 4-9 7-9-7Zm9-1v8',
  display: 'M4 5h16M4 12h16M4 19h16M7 5v14M17 5v14',
  stock: 'M4 8l8-4 8 4v10l-8 4-8-4V8Zm0 0 8 4 8-4M12 12v10',
  fridge: 'M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm-1 7h12M9 6v2M9 13v3',
  mall: 'M4 7h16l-1.5 12h-13L4 7Zm4 0a4 4 0 0 1 8 0',
  employeePrice: 'M7 3h10v18H7zM10 18h4M9 8h6M9 11h4',
};

export function FeatureIcon({ name, color }: { name: string; color: string }) {
  return (
    <svg className="lp-feature-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path
        d={PATHS[name]}
        fill="none"
        stroke={color}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
