import type { ReactNode } from 'react';
import './section.css';

type SectionProps = {
  title: string;
  children: ReactNode;
};

/** A titled group of controls within a screen. */
export function Section({ title, children }: SectionProps) {
  return (
    <section className="section">
      <h2 className="section__title">{title}</h2>
      <div className="section__body">{children}</div>
    </section>
  );
}
