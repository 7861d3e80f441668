import type { ReactNode } from 'react';
import './fact-list.css';

/** Labelled facts about one thing (a partner's contacts, a purchase's payment), label beside value. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="fact-list">{children}</dl>;
}

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="fact-list__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
