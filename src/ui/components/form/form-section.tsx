import { useId, type ReactNode } from 'react';
import './form.css';

/** A titled card of a page: the heading names the section for assistive technology. */
export function FormSection({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="form-section" aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="form-section__title">
        {title}
      </h3>
      {children}
    </section>
  );
}
