/** The tabs over an identity form (username / SMS, mobile / username, e-mail / mobile). */
export function FlowTabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  text,
  testIdPrefix,
}: {
  /** What the tabs choose, for assistive technology. */
  label: string;
  tabs: readonly T[];
  selected: T | null;
  onSelect: (tab: T) => void;
  text: (tab: T) => string;
  /** Each tab gets `${testIdPrefix}-${tab}`. */
  testIdPrefix?: string;
}) {
  return (
    <div className="id-tabs" role="tablist" aria-label={label}>
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={selected === name}
          className="id-tabs__tab"
          onClick={() => onSelect(name)}
          data-testid={testIdPrefix ? `${testIdPrefix}-${name}` : undefined}
        >
          {text(name)}
        </button>
      ))}
    </div>
  );
}
